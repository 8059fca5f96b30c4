/**
 * /tools/ai-image-extender: pick, drop or paste a photo → choose the new shape (ratio chips or a custom size) and drag
 * the photo to where it should sit → the aiextend task fills the new border → compare before/after → download or open
 * in the editor. "Adjust" goes back to the frame with the same photo.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompareSlider } from '../../components/CompareSlider';
import { FileDropZone } from '../../components/FileDropZone';
import { HowItWorks } from '../../components/HowItWorks';
import { ResultActions } from '../../tools/ResultActions';
import { useToast } from '../../components/ToastContext';
import { UploadPrompt } from '../../tools/UploadPrompt';
import { useKey } from '../../hooks/useKey';
import { usePasteImage } from '../../hooks/usePasteImage';
import { usePreventFileNavigation } from '../../hooks/usePreventFileNavigation';
import { LIMIT_PARAMS, checkImageFile } from '../../tools/checkImageFile';
import { useImageTask, type ImageTaskPhase } from '../../tools/useImageTask';
import { FramePlacer } from './extender/FramePlacer';
import { framedPreview, imageSize } from './extender/framedPreview';
import {
  CENTRED,
  CUSTOM_MAX_SIDE,
  MAX_AREA_FACTOR,
  defaultCustomSize,
  frameFor,
  frameProblem,
  type Position,
  type RatioChoice,
  type Size,
} from './extender/frameGeometry';
import { RatioPicker } from './extender/RatioPicker';
import { StageProgress } from './extender/StageProgress';
import './ImageExtenderPage.css';
import { HiddenFileInput } from '../../components/HiddenFileInput';
import { useOpenInEditor, useTaskErrorToast } from '../../tools/useToolResult';

const BUSY: readonly ImageTaskPhase[] = ['uploading', 'processing', 'downloading'];
/** The first preset the photo can be extended to, in this order, is selected when a photo arrives. */
const PREFERRED: readonly RatioChoice[] = ['16:9', '1:1', '4:3', '9:16', '3:4'];

interface Photo {
  file: File;
  url: string;
  size: Size;
}

export function ImageExtenderPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const task = useImageTask('aiextend');
  const input = useRef<HTMLInputElement>(null);
  const busy = BUSY.includes(task.phase);

  const [photo, setPhoto] = useState<Photo | null>(null);
  const [choice, setChoice] = useState<RatioChoice>('16:9');
  const [custom, setCustom] = useState<Size>({ width: 0, height: 0 });
  const [position, setPosition] = useState<Position>(CENTRED);
  const [beforeUrl, setBeforeUrl] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (photo) URL.revokeObjectURL(photo.url);
    },
    [photo],
  );
  useEffect(
    () => () => {
      if (beforeUrl) URL.revokeObjectURL(beforeUrl);
    },
    [beforeUrl],
  );

  const frame = photo ? frameFor(choice, photo.size, custom) : null;
  const problem = photo && frame ? frameProblem(choice, frame, photo.size) : null;

  const pick = async (file: File) => {
    if (busy) return;
    const fileProblem = checkImageFile(file);
    if (fileProblem) {
      toast.show(t(fileProblem.key, fileProblem.params), 'error');
      return;
    }
    let size: Size;
    try {
      size = await imageSize(file);
    } catch {
      toast.show(t('errors.notAnImage', LIMIT_PARAMS), 'error');
      return;
    }
    task.reset();
    setPhoto({ file, url: URL.createObjectURL(file), size });
    setCustom(defaultCustomSize(size));
    setChoice(PREFERRED.find((option) => !frameProblem(option, frameFor(option, size, size), size)) ?? 'custom');
    setPosition(CENTRED);
    setBeforeUrl(null);
  };

  const extend = () => {
    if (!photo || !frame || problem || busy) return;
    task.start(photo.file, {
      ratio: choice,
      ...(choice === 'custom' ? { width: frame.width, height: frame.height } : {}),
      position: { x: position.x, y: position.y },
    });
    setBeforeUrl(null);
    framedPreview(photo.file, photo.size, frame, position).then(
      (blob) => setBeforeUrl(URL.createObjectURL(blob)),
      () => setBeforeUrl(null),
    );
  };

  const startOver = () => {
    task.reset();
    setPhoto(null);
    setBeforeUrl(null);
  };

  const openResultInEditor = useOpenInEditor(t('tools.aiImageExtender.title'));
  const openInEditor = () => openResultInEditor(task.resultBlob, task.sourceName);

  usePasteImage((file) => void pick(file));
  usePreventFileNavigation();
  useKey('Escape', task.cancel, busy);

  const errorMessage = useTaskErrorToast(task);

  const setup = photo && frame && task.phase === 'idle';
  return (
    <div className="container tool-page extender-page" data-testid="page.imageExtender">
      <header className="page-header center">
        <h1 className="page-title">{t('tools.aiImageExtender.title')}</h1>
        <p className="lead">{t('extender.subtitle')}</p>
      </header>

      <HiddenFileInput ref={input} onFile={(file) => void pick(file)} />

      <FileDropZone onFile={(file) => void pick(file)} enabled={!busy}>
        <div className={`card workspace workspace--${task.phase}`} data-phase={task.phase}>
          {!photo && <UploadPrompt onPick={() => input.current?.click()} />}

          {setup && (
            <>
              <RatioPicker choice={choice} custom={custom} photo={photo.size} onChoice={setChoice} onCustom={setCustom} />
              {!problem && <FramePlacer photoUrl={photo.url} photo={photo.size} frame={frame} position={position} onChange={setPosition} />}
              <p className="muted small center" aria-live="polite" data-testid="extender.size">
                {problem ? (
                  <span className="extender-page__problem">{t(`extender.problem.${problem}`, { max: CUSTOM_MAX_SIDE, factor: MAX_AREA_FACTOR })}</span>
                ) : (
                  <>
                    {t('extender.sizeInfo', { width: frame.width, height: frame.height })} · {t('extender.dragHint')}
                  </>
                )}
              </p>
              <div className="button-row center">
                <button type="button" className="button button--primary" disabled={problem !== null} onClick={extend} data-testid="extender.run">
                  {t('extender.run')}
                </button>
                <button type="button" className="button button--secondary" onClick={() => setPosition(CENTRED)} disabled={problem !== null}>
                  {t('extender.centre')}
                </button>
                <button type="button" className="button button--ghost" onClick={() => input.current?.click()}>
                  {t('extender.otherPhoto')}
                </button>
              </div>
              <p className="muted small center">{t('extender.fillNote')}</p>
            </>
          )}

          {busy && photo && frame && (
            <>
              <FramePlacer photoUrl={photo.url} photo={photo.size} frame={frame} position={position} onChange={setPosition} disabled />
              <StageProgress
                label={t(`extender.stage.${task.phase}`)}
                progress={task.progress}
                phase={task.phase}
                queueAhead={task.queueAhead}
                onCancel={task.cancel}
              />
            </>
          )}

          {task.phase === 'done' && (
            <>
              {task.resultUrl && <CompareSlider beforeUrl={beforeUrl} afterUrl={task.resultUrl} resultAlt={t('common.editedImageAlt')} />}
              <ResultActions
                naming={{ original: task.sourceName, tool: 'expanded' }}
                resultBlob={task.resultBlob}
                onNewImage={startOver}
                onOpenInEditor={() => void openInEditor()}
              />
              <button type="button" className="button button--ghost" onClick={task.reset} data-testid="extender.adjust">
                {t('extender.adjust')}
              </button>
            </>
          )}

          {task.phase === 'failed' && (
            <div className="failed-panel">
              <p className="failed-panel__title">{t('bgRemover.failedTitle')}</p>
              <p className="muted" data-testid="task.error">
                {errorMessage}
              </p>
              <div className="button-row center">
                <button type="button" className="button button--primary" onClick={task.retry} data-testid="task.retry">
                  {t('bgRemover.tryAgain')}
                </button>
                <button type="button" className="button button--secondary" onClick={task.reset} data-testid="extender.adjust">
                  {t('extender.adjust')}
                </button>
                <button type="button" className="button button--ghost" onClick={startOver} data-testid="result.new">
                  {t('bgRemover.newImage')}
                </button>
              </div>
            </div>
          )}
        </div>
      </FileDropZone>

      <HowItWorks headingId="extender-how" variant="tool" />
    </div>
  );
}
