/**
 * /tools/photo-enhancer: pick, drop or paste a photo → choose 2×/4×, strength (SPEC §3 Slight,
 * Balance, Strong), denoise-only and, for small photos, high quality → the picenhance task
 * (Real-ESRGAN, progress per tile) → compare before/after → download PNG/JPG or open in the editor.
 * The photo's size is read in the browser first, so the pixel caps of the server are checked
 * before anything is uploaded and the high-quality switch only appears where it is allowed.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ENHANCE_STRENGTHS } from '../../../engine/spec/kinds';
import { ENHANCE_DEFAULTS, ENHANCE_MAX_PIXELS, maxInputPixels, outputScale, type EnhanceScale, type EnhanceStrength } from '../../../engine/spec/enhance';
import { CompareSlider } from '../../components/CompareSlider';
import { LocalLink } from '../../components/LocalLink';
import { FileDropZone } from '../../components/FileDropZone';
import { HowItWorks } from '../../components/HowItWorks';
import { ResultActions } from '../../tools/ResultActions';
import { useToast } from '../../components/ToastContext';
import { UploadPrompt } from '../../tools/UploadPrompt';
import { useKey } from '../../hooks/useKey';
import { usePasteImage } from '../../hooks/usePasteImage';
import { usePreventFileNavigation } from '../../hooks/usePreventFileNavigation';
import { checkImageFile } from '../../tools/checkImageFile';
import { useImageTask, type ImageTaskPhase } from '../../tools/useImageTask';
import { StageProgress } from './extender/StageProgress';
import './PhotoEnhancerPage.css';
import { HiddenFileInput } from '../../components/HiddenFileInput';
import { TaskFailedPanel } from '../../components/TaskFailedPanel';
import { useOpenInEditor, useTaskErrorToast } from '../../tools/useToolResult';

const BUSY: readonly ImageTaskPhase[] = ['uploading', 'processing', 'downloading'];
const SCALES: readonly EnhanceScale[] = [2, 4];

/** What the user chose on the page. */
export interface EnhanceChoice {
  scale: EnhanceScale;
  strength: EnhanceStrength;
  denoise: boolean;
  highQuality: boolean;
}
export const DEFAULT_CHOICE: EnhanceChoice = { scale: ENHANCE_DEFAULTS.scale, strength: ENHANCE_DEFAULTS.efMode, denoise: false, highQuality: false };

export interface PixelSize {
  width: number;
  height: number;
}

/** High quality (realesrgan-x4plus) is offered only for photos the server accepts it for. */
export const highQualityAllowed = (size: PixelSize | null): boolean => size !== null && size.width * size.height <= ENHANCE_MAX_PIXELS.high;

/** The submit params (beside imgUrl) for a choice; high quality is dropped where it is not allowed. */
export function enhanceParams(choice: EnhanceChoice, size: PixelSize | null) {
  return {
    efMode: choice.strength,
    scale: choice.scale,
    mode: choice.denoise ? 'denoise' : 'upscale',
    quality: choice.highQuality && highQualityAllowed(size) ? 'high' : 'fast',
  } as const;
}

/** The pixel cap the photo exceeds with this choice, or null when it fits (or its size is unknown). */
export function exceededCap(choice: EnhanceChoice, size: PixelSize | null): number | null {
  if (!size) return null;
  const cap = maxInputPixels(enhanceParams(choice, size));
  return size.width * size.height > cap ? cap : null;
}

/** Result size in pixels for a choice. */
export function resultSize(choice: EnhanceChoice, size: PixelSize): PixelSize {
  const s = outputScale(enhanceParams(choice, size));
  return { width: size.width * s, height: size.height * s };
}

/** Megapixels for display, e.g. 0.5 or 2. */
const megapixels = (pixels: number, lang: string) => (pixels / 1e6).toLocaleString(lang, { maximumFractionDigits: 1 });

export function PhotoEnhancerPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const task = useImageTask('picenhance');
  const input = useRef<HTMLInputElement>(null);
  const busy = BUSY.includes(task.phase);
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [size, setSize] = useState<PixelSize | null>(null);
  const [choice, setChoice] = useState<EnhanceChoice>(DEFAULT_CHOICE);

  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );
  // The browser tells the photo's size; a format it cannot decode leaves the size unknown (the server still checks).
  useEffect(() => {
    setSize(null);
    if (!previewUrl) return;
    const image = new Image();
    image.onload = () => setSize({ width: image.naturalWidth, height: image.naturalHeight });
    image.src = previewUrl;
    return () => {
      image.onload = null;
    };
  }, [previewUrl]);

  const pick = (picked: File) => {
    if (busy) return; // one photo at a time; Cancel first
    const problem = checkImageFile(picked);
    if (problem) {
      toast.show(t(problem.key, problem.params), 'error');
      return;
    }
    task.reset();
    setFile(picked);
    setPreviewUrl(URL.createObjectURL(picked));
  };

  const cap = exceededCap(choice, size);
  const enhance = () => {
    if (file && cap === null) task.start(file, enhanceParams(choice, size));
  };
  const startOver = () => {
    task.reset();
    setFile(null);
    setPreviewUrl(null);
  };

  const openResultInEditor = useOpenInEditor(t('tools.photoEnhancer.title'));
  const openInEditor = () => openResultInEditor(task.resultBlob, task.sourceName);

  usePasteImage(pick);
  usePreventFileNavigation();
  useKey('Escape', task.cancel, busy);

  const errorMessage = useTaskErrorToast(task);

  const lang = i18n.language;
  const ready = file !== null && task.phase === 'idle';
  const shownSize = size && (task.phase === 'done' ? resultSize(choice, size) : size);
  return (
    <div className="container tool-page enhancer-page" data-testid="page.photoEnhancer">
      <header className="page-header center">
        <h1 className="page-title">{t('tools.photoEnhancer.title')}</h1>
        <p className="lead">{t('enhancer.subtitle')}</p>
      </header>

      <HiddenFileInput ref={input} onFile={pick} />

      <FileDropZone onFile={pick} enabled={!busy}>
        <div className={`card workspace workspace--${task.phase}`} data-phase={task.phase}>
          {!file && task.phase === 'idle' && <UploadPrompt onPick={() => input.current?.click()} />}

          {ready && (
            <>
              {previewUrl && <img className="enhancer-page__preview" src={previewUrl} alt={t('enhancer.previewAlt')} data-testid="source.image" />}
              <EnhanceControls choice={choice} size={size} onChange={setChoice} />
              {cap !== null && (
                <p className="enhancer-page__warning" role="alert" data-testid="enhancer.tooLarge">
                  {t('enhancer.tooLarge', { maxMp: megapixels(cap, lang) })}
                </p>
              )}
              <div className="button-row center">
                <button type="button" className="button button--primary button--large" disabled={cap !== null} onClick={enhance} data-testid="enhancer.start">
                  {t('enhancer.enhance')}
                </button>
                <button type="button" className="button button--ghost" onClick={() => input.current?.click()} data-testid="enhancer.otherPhoto">
                  {t('enhancer.otherPhoto')}
                </button>
              </div>
            </>
          )}

          {busy && (
            <>
              {task.sourceUrl && <img className="enhancer-page__preview is-dimmed" src={task.sourceUrl} alt={t('enhancer.previewAlt')} />}
              <StageProgress
                label={t(`enhancer.stage.${task.phase}`)}
                progress={task.progress}
                phase={task.phase}
                queueAhead={task.queueAhead}
                onCancel={task.cancel}
              />
              <p className="muted small center">{t('enhancer.slowHint')}</p>
            </>
          )}

          {task.phase === 'done' && (
            <>
              {task.resultUrl && <CompareSlider beforeUrl={task.sourceUrl} afterUrl={task.resultUrl} resultAlt={t('common.editedImageAlt')} />}
              {shownSize && (
                <p className="muted small center" data-testid="enhancer.resultSize">
                  {t('enhancer.resultSize', { width: shownSize.width, height: shownSize.height })}
                </p>
              )}
              <ResultActions
                naming={{ original: task.sourceName, tool: 'enhanced' }}
                resultBlob={task.resultBlob}
                onNewImage={startOver}
                onOpenInEditor={() => void openInEditor()}
              />
              <button type="button" className="button button--ghost" onClick={task.reset} data-testid="enhancer.changeSettings">
                {t('enhancer.changeSettings')}
              </button>
            </>
          )}

          {task.phase === 'failed' && <TaskFailedPanel message={errorMessage} onRetry={task.retry} onNewImage={startOver} />}
        </div>
      </FileDropZone>

      <HowItWorks headingId="enhancer-how" variant="tool" />
    </div>
  );
}

/** Scale, strength, denoise and (small photos only) high quality. */
export function EnhanceControls({ choice, size, onChange }: { choice: EnhanceChoice; size: PixelSize | null; onChange(next: EnhanceChoice): void }) {
  const { t, i18n } = useTranslation();
  const set = (patch: Partial<EnhanceChoice>) => onChange({ ...choice, ...patch });
  return (
    <fieldset className="enhance-controls" data-testid="enhancer.controls">
      <legend className="visually-hidden">{t('enhancer.settings')}</legend>
      {size && <p className="muted small enhance-controls__size">{t('enhancer.photoSize', { width: size.width, height: size.height })}</p>}

      <span className="enhance-controls__label" id="enhancer-scale">
        {t('enhancer.scale')}
      </span>
      <div className="enhance-controls__chips" role="radiogroup" aria-labelledby="enhancer-scale">
        {SCALES.map((scale) => (
          <button
            key={scale}
            type="button"
            role="radio"
            aria-checked={choice.scale === scale}
            disabled={choice.denoise}
            className={`enhance-chip${choice.scale === scale ? ' is-active' : ''}`}
            onClick={() => set({ scale })}
            data-testid={`enhancer.scale.${scale}`}
          >
            {scale}×
          </button>
        ))}
      </div>

      <span className="enhance-controls__label" id="enhancer-strength">
        {t('enhancer.strength')}
      </span>
      <div className="enhance-controls__chips" role="radiogroup" aria-labelledby="enhancer-strength">
        {ENHANCE_STRENGTHS.map((strength) => (
          <button
            key={strength}
            type="button"
            role="radio"
            aria-checked={choice.strength === strength}
            className={`enhance-chip${choice.strength === strength ? ' is-active' : ''}`}
            onClick={() => set({ strength })}
            data-testid={`enhancer.strength.${strength}`}
          >
            {t(`enhancer.strengths.${strength}`)}
          </button>
        ))}
      </div>
      <p className="muted small enhance-controls__hint">{t('enhancer.strengthHint')}</p>

      <label className="enhance-controls__check">
        <input type="checkbox" checked={choice.denoise} onChange={(event) => set({ denoise: event.target.checked })} data-testid="enhancer.denoise" />
        <span>{t('enhancer.denoise')}</span>
      </label>
      <p className="muted small enhance-controls__hint">{t('enhancer.denoiseHint')}</p>

      {highQualityAllowed(size) && (
        <>
          <label className="enhance-controls__check">
            <input
              type="checkbox"
              checked={choice.highQuality}
              onChange={(event) => set({ highQuality: event.target.checked })}
              data-testid="enhancer.highQuality"
            />
            <span>{t('enhancer.highQuality')}</span>
            <span className="badge billing-only" data-testid="enhancer.highQuality.pro">
              PRO
            </span>
          </label>
          <p className="muted small enhance-controls__hint">
            {t('enhancer.highQualityHint', { maxMp: megapixels(ENHANCE_MAX_PIXELS.high, i18n.language) })}{' '}
            <LocalLink to="/pricing" className="billing-only">
              {t('enhancer.highQualityPro')}
            </LocalLink>
          </p>
        </>
      )}
    </fieldset>
  );
}
