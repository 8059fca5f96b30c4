/**
 * /ai-background: put a product into a scene. Three sources (SPEC §3 background source): the library's drawn
 * scenes through the background changer pipeline (cut-out, scene, contact shadow), which runs here; a scene
 * from a description (CustomPrompt) or from the user's own picture (CustomImage), which run the `aibg` task on
 * the generation server (ComfyUI) and say so plainly when none is configured.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AiBackgroundGenerative } from '../generative/AiBackgroundGenerative';
import { AI_BACKGROUND_SCENES } from '../../../engine/backgrounds/catalogue';
import { scenesForCategory } from '../../../engine/products/categories';
import { ProductLabelField } from '../../tools/product/ProductLabelField';
import { useProductLabel } from '../../tools/product/useProductLabel';
import { HowItWorks } from '../../components/HowItWorks';
import { ChangeBgWorkspace } from './changebg/ChangeBgWorkspace';
import { CostNote } from './changebg/CostNote';
import { LibraryGrid } from '../../tools/backgroundLibrary/LibraryGrid';
import { DEFAULT_OPTIONS } from './changebg/options';
import { SubjectControls } from './changebg/SubjectControls';
import { useChangeBackground } from './changebg/useChangeBackground';
import './BackgroundChangerPage.css';
import './AiBackgroundPage.css';

type SceneSource = 'library' | 'prompt' | 'image';
const SOURCES: readonly SceneSource[] = ['library', 'prompt', 'image'];

export function AiBackgroundPage() {
  const { t } = useTranslation();
  const [source, setSource] = useState<SceneSource>('library');
  const view = useChangeBackground({ ...DEFAULT_OPTIONS, bgType: 'library', bgId: AI_BACKGROUND_SCENES[0], shadow: true }, t('tools.aiBackground.title'));
  // The page's one product photo is its set of non-text, non-sticker layers: a new photo is a new job key.
  const file = view.file;
  const product = useProductLabel(file ? `${file.name}:${file.size}:${file.lastModified}` : null, () => file);
  // The scene recommended for the recognised (or picked) product is applied once per photo and category (issue 29:
  // the page recommended one and kept the default), unless the user chose a scene for this photo; the change is a
  // free re-composite.
  const chosenFor = useRef<File | null>(null);
  const appliedFor = useRef<string | null>(null);
  const pick = (bgId: string) => {
    chosenFor.current = file;
    view.setOptions({ ...view.options, bgType: 'library', bgId });
  };
  const known = !product.recognising && (product.detected !== null || product.edited);
  const recommended = known ? scenesForCategory(product.categoryId)[0] : undefined;
  const setOptions = view.setOptions;
  const options = view.options;
  useEffect(() => {
    if (!file || !recommended || chosenFor.current === file) return;
    const key = `${file.name}:${file.size}:${file.lastModified}:${product.categoryId}`;
    if (appliedFor.current === key) return;
    appliedFor.current = key;
    if (options.bgId !== recommended) setOptions({ ...options, bgType: 'library', bgId: recommended });
  }, [file, recommended, product.categoryId, options, setOptions]);
  return (
    <div className="container tool-page changebg-page ai-bg" data-testid="page.aiBackground">
      <header className="page-header center">
        <h1 className="page-title">{t('tools.aiBackground.title')}</h1>
        <p className="lead">{t('changebg.ai.subtitle')}</p>
      </header>

      <div className="chip-row ai-bg__sources" role="group" aria-label={t('genai.aibg.sourceLabel')}>
        {SOURCES.map((id) => (
          <button
            key={id}
            type="button"
            className={`chip${source === id ? ' is-active' : ''}`}
            aria-pressed={source === id}
            onClick={() => setSource(id)}
            data-testid={`aiBackground.source.${id}`}
          >
            {t(`genai.aibg.${id}`)}
          </button>
        ))}
      </div>

      {source !== 'library' && <AiBackgroundGenerative key={source} source={source} />}

      {source === 'library' && (
        <div className="changebg-layout">
          <div className="changebg-main">
            <ChangeBgWorkspace view={view} />
          </div>
          <aside className="card changebg-options" aria-label={t('changebg.options')}>
            <CostNote type="changebg" />
            {file && (
              <section aria-labelledby="ai-bg-suggested" data-testid="aiBackground.product">
                <ProductLabelField product={product} />
                <h2 id="ai-bg-suggested" className="changebg-heading">
                  {t('extract.product.suggested')}
                </h2>
                <LibraryGrid selectedId={view.options.bgId} onlyIds={scenesForCategory(product.categoryId)} onSelect={pick} />
              </section>
            )}
            <section aria-labelledby="ai-bg-scenes">
              <h2 id="ai-bg-scenes" className="changebg-heading">
                {t('changebg.ai.scenes')}
              </h2>
              <LibraryGrid selectedId={view.options.bgId} onlyIds={AI_BACKGROUND_SCENES} onSelect={pick} />
            </section>
            <SubjectControls
              subject={view.options.subject}
              shadow={view.options.shadow}
              onChange={(placement) => view.setOptions({ ...view.options, ...placement })}
            />
          </aside>
        </div>
      )}

      <HowItWorks headingId="ai-bg-how" variant="tool" />
    </div>
  );
}
