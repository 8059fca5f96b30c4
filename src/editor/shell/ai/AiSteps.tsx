/**
 * The in-editor AI steps for a selected photo (SPEC §2 edit flow): remove the background, a new
 * background (a colour or a picture from the library), enhance, expand to a ratio, an AI background from a
 * description (generation server). Each runs through the task flow and lands in the
 * layer as one undo step; one step runs at a time.
 */
import { useTranslation } from 'react-i18next';
import type { Layer } from '../../../../engine/doc/types';
import { ENHANCE_DEFAULTS } from '../../../../engine/spec/enhance';
import { EXTEND_RATIOS } from '../../../../engine/spec/tasks';
import { LibraryGrid } from '../../../tools/backgroundLibrary/LibraryGrid';
import { Icon } from '../Icon';
import { ProductStep } from './ProductStep';
import { AiBackgroundControls } from './AiBackgroundControls';
import { RefineCutoutStep } from './RefineCutoutStep';
import { RetouchControls } from './RetouchControls';
import { SelectObjectStep } from './SelectObjectStep';
import { useLayerAiBackground } from './useLayerAiBackground';
import { useLayerAiStep } from './useLayerAiStep';

const BACKGROUND_COLORS = ['#FFFFFF', '#F3F4F6', '#111827', '#2563EB', '#F9A8D4', '#10B981'] as const;
/** The extend task's preset ratios (engine/spec/tasks); 'custom' needs a size, which this step does not ask for. */
const EXPAND_RATIOS = EXTEND_RATIOS.filter((ratio) => ratio !== 'custom');

export function AiSteps({ layer }: { layer: Layer }) {
  const { t } = useTranslation();
  const removeBg = useLayerAiStep('removebg', 'remove-background');
  const changeBg = useLayerAiStep('changebg', 'new-background');
  const enhance = useLayerAiStep('picenhance', 'enhanced');
  const expand = useLayerAiStep('aiextend', 'expanded');
  const retouch = useLayerAiStep('elimination', 'retouched');
  const aiBackground = useLayerAiBackground();
  const steps = [removeBg, changeBg, enhance, expand, retouch, aiBackground];
  const busy = steps.some((step) => step.busy);
  const id = layer.layerId;
  const working = (step: typeof removeBg) =>
    step.busy && (
      <span className="ed-ai__progress" role="status">
        {t('designer.ai.working', { percent: step.percent })}
      </span>
    );

  return (
    <section className="ed-field ed-ai" aria-labelledby="ed-ai-title" data-testid="ai.steps">
      <h3 id="ed-ai-title" className="ed-field__label">
        {t('designer.ai.title')}
      </h3>
      <button
        type="button"
        className="button button--secondary ed-wide"
        disabled={busy || layer.locked}
        onClick={() => removeBg.run(id)}
        data-testid="ai.removebg"
      >
        <Icon name="magic" />
        {t('designer.ai.removeBackground')}
      </button>
      {working(removeBg)}
      <RefineCutoutStep layer={layer} step={removeBg} disabled={busy} />
      <SelectObjectStep layer={layer} disabled={busy || layer.locked} />
      <button
        type="button"
        className="button button--secondary ed-wide"
        disabled={busy || layer.locked}
        onClick={() => enhance.run(id, { efMode: ENHANCE_DEFAULTS.efMode, scale: ENHANCE_DEFAULTS.scale, mode: 'upscale', quality: 'fast' })}
        data-testid="ai.enhance"
      >
        <Icon name="magic" />
        {t('designer.ai.enhance')}
      </button>
      {working(enhance)}
      <RetouchControls layer={layer} step={retouch} disabled={busy} />
      {working(retouch)}
      <div className="ed-field">
        <span className="ed-field__label">{t('designer.ai.newBackground')}</span>
        <div className="ed-swatches">
          {BACKGROUND_COLORS.map((color) => (
            <button
              key={color}
              type="button"
              className="ed-swatch"
              style={{ background: color }}
              disabled={busy || layer.locked}
              aria-label={t('designer.ai.backgroundColor', { color })}
              onClick={() => changeBg.run(id, { bgType: 'color', color })}
              data-testid={`ai.changebg.${color.slice(1)}`}
            />
          ))}
        </div>
        <details className="ed-ai__library" data-testid="ai.changebg.library">
          <summary>{t('designer.ai.moreBackgrounds')}</summary>
          {/* A disabled fieldset turns every thumbnail off while a step runs. */}
          <fieldset className="ed-ai__library-grid" disabled={busy || layer.locked}>
            <LibraryGrid selectedId="" onSelect={(bgId) => changeBg.run(id, { bgType: 'library', bgId })} />
          </fieldset>
        </details>
        {working(changeBg)}
      </div>
      <div className="ed-field">
        <span className="ed-field__label">{t('designer.ai.expand')}</span>
        <div className="ed-chips">
          {EXPAND_RATIOS.map((ratio) => (
            <button
              key={ratio}
              type="button"
              className="ed-chip"
              disabled={busy || layer.locked}
              onClick={() => expand.run(id, { ratio, position: { x: 0.5, y: 0.5 } }, { expand: true })}
              data-testid={`ai.expand.${ratio}`}
            >
              {ratio}
            </button>
          ))}
        </div>
        {working(expand)}
      </div>
      <ProductStep />
      <AiBackgroundControls layer={layer} step={aiBackground} disabled={busy} />
    </section>
  );
}
