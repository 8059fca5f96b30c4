/**
 * The generative half of /ai-background (SPEC §3 AI background params, background source CustomPrompt or
 * CustomImage): the product photo, and the scene either described (the prompt check, then the task flow's text
 * review and translation) or shown by a picture with how closely to follow it. The product is cut out first
 * (`removebg`, here), then the `aibg` task generates the scene around the cut-out on the generation server;
 * without one, says so.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackgroundSource, DEFAULT_IMAGE_SIMILARITY } from '../../../engine/spec/generativeParams';
import { errorKeyFor } from '../../tools/errorKeys';
import { FlowError, runFlowOnce } from '../../tools/runFlowOnce';
import { useToast } from '../../components/ToastContext';
import { ReferenceUploadError, uploadReference } from '../../tools/uploadReference';
import { CreditNote } from './CreditNote';
import { GenerationNotice } from './GenerationNotice';
import { GenOutcome } from './GenOutcome';
import { ImageInput } from './ImageInput';
import { PromptBox } from './PromptBox';
import { useGenerationAvailability } from './useGenerationAvailability';
import { useGenerationRun } from './useGenerationRun';
import '../aiImageGenerator.css';

export function AiBackgroundGenerative({ source }: { source: 'prompt' | 'image' }) {
  const { t } = useTranslation();
  const toast = useToast();
  const availability = useGenerationAvailability('aibg');
  const gen = useGenerationRun('aibg');
  const [product, setProduct] = useState<File | null>(null);
  const [scene, setScene] = useState<File | null>(null);
  const [similarity, setSimilarity] = useState(DEFAULT_IMAGE_SIMILARITY);
  const [uploading, setUploading] = useState(false);
  const { task } = gen;
  const busy = task.busy || uploading;
  const ready = product !== null && (source === 'prompt' ? gen.prompt.trim() !== '' : scene !== null);

  const go = async (prompt: string, asWritten: boolean, sentAs: Parameters<typeof gen.run>[2]) => {
    if (!product) return;
    const params: Record<string, unknown> = { source: source === 'prompt' ? BackgroundSource.CUSTOM_PROMPT : BackgroundSource.CUSTOM_IMAGE };
    let cutOut: File;
    setUploading(true);
    try {
      // The scene is generated around the subject: the server needs the product as a cut-out (transparency).
      const blob = await runFlowOnce('removebg', product);
      cutOut = new File([blob], product.name.replace(/\.[a-z0-9]+$/i, '') + '.png', { type: 'image/png' });
      if (source === 'image' && scene) {
        params.customFileUrl = await uploadReference(scene, 'aibg');
        params.customImageSimilarity = Math.round(similarity * 100);
      }
    } catch (err) {
      const key = err instanceof ReferenceUploadError ? err.key : err instanceof FlowError && err.error ? errorKeyFor(err.error) : 'errors.unknown';
      toast.show(t(key), 'error');
      return;
    } finally {
      setUploading(false);
    }
    gen.run(prompt, asWritten, sentAs, { file: cutOut, params, choices: false, promptParam: 'customPrompt' });
  };

  return (
    <div className="gen-aibg" data-testid={`aiBackground.${source}`}>
      {availability === 'notConfigured' && task.stage === 'idle' && <GenerationNotice />}
      <PromptBox
        label={t(source === 'prompt' ? 'genai.aibg.promptLabel' : 'genai.replace.background.promptLabel')}
        placeholder={t('genai.aibg.promptPlaceholder')}
        value={gen.prompt}
        onChange={gen.setPrompt}
        optional={source === 'image'}
        unavailable={availability === 'notConfigured'}
        canSubmit={!busy && ready}
        submitLabel={t('genai.aibg.submit')}
        onGo={(prompt, asWritten, sentAs) => void go(prompt, asWritten, sentAs)}
        actions={
          task.busy && (
            <button type="button" className="button button--secondary" onClick={task.cancel}>
              {t('generate.cancel')}
            </button>
          )
        }
      >
        <div className="gen-replace__pictures">
          <ImageInput id="product" label={t('genai.aibg.product')} file={product} onFile={setProduct} disabled={busy} />
          {source === 'image' && (
            <div>
              <ImageInput id="scene" label={t('genai.aibg.reference')} hint={t('genai.aibg.referenceHint')} file={scene} onFile={setScene} disabled={busy} />
              <label className="gen-choices__field">
                <span className="gen-form__label">{t('genai.aibg.similarity', { percent: Math.round(similarity * 100) })}</span>
                <input
                  type="range"
                  min={0.1}
                  max={1}
                  step={0.05}
                  value={similarity}
                  disabled={busy}
                  onChange={(event) => setSimilarity(Number(event.target.value))}
                  data-testid="aiBackground.similarity"
                />
              </label>
            </div>
          )}
        </div>
        {uploading && (
          <p className="gen-outcome__stage" role="status" data-testid="aiBackground.preparing">
            {t('genai.aibg.cuttingOut')}
          </p>
        )}
        <CreditNote taskType="aibg" />
      </PromptBox>
      <GenOutcome task={task} sentAs={gen.sentAs} original={product?.name ?? 'product'} tool="ai-background" emptyText={t('genai.aibg.empty')} />
    </div>
  );
}
