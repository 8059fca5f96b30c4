/**
 * /tools/background-remover: pick, drop or paste an image → the removebg task
 * runs through useImageTask → compare before/after → download PNG or JPG.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createCutoutProject } from '../tools/cutoutProject';
import { CompareSlider } from '../components/CompareSlider';
import { FileDropZone } from '../components/FileDropZone';
import { HowItWorks } from '../components/HowItWorks';
import { ResultActions } from '../tools/ResultActions';
import { TaskProgress } from '../tools/TaskProgress';
import { useToast } from '../components/ToastContext';
import { UploadPrompt } from '../tools/UploadPrompt';
import { useKey } from '../hooks/useKey';
import { usePasteImage } from '../hooks/usePasteImage';
import { usePreventFileNavigation } from '../hooks/usePreventFileNavigation';
import { checkImageFile } from '../tools/checkImageFile';
import { useImageTask, type ImageTaskPhase } from '../tools/useImageTask';
import { HiddenFileInput } from '../components/HiddenFileInput';
import { TaskFailedPanel } from '../components/TaskFailedPanel';
import { useOpenInEditor, useTaskErrorToast } from '../tools/useToolResult';
import { RefineButton } from '../tools/refine/RefineButton';
import { RefinePanel } from '../tools/refine/RefinePanel';
import { useRefinedCutout } from '../tools/refine/useRefinedCutout';

const BUSY: readonly ImageTaskPhase[] = ['uploading', 'processing', 'downloading'];

export function BackgroundRemoverPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const task = useImageTask('removebg');
  const input = useRef<HTMLInputElement>(null);
  const busy = BUSY.includes(task.phase);

  const openResultInEditor = useOpenInEditor(t('tools.backgroundRemover.title'), createCutoutProject);
  const refine = useRefinedCutout(task.resultBlob);
  const resultBlob = refine.blob ?? task.resultBlob;
  const openInEditor = () => openResultInEditor(resultBlob, task.sourceName);

  const submit = (file: File) => {
    if (busy) return; // one image at a time; Cancel first
    const problem = checkImageFile(file);
    if (problem) {
      toast.show(t(problem.key, problem.params), 'error');
      return;
    }
    task.start(file);
  };

  usePasteImage(submit);
  usePreventFileNavigation();
  useKey('Escape', task.cancel, busy);

  // The key comes from the task hook; a key we have no text for reads as errors.unknown.
  const errorMessage = useTaskErrorToast(task);

  return (
    <div className="container tool-page" data-testid="page.backgroundRemover">
      <header className="page-header center">
        <h1 className="page-title">{t('tools.backgroundRemover.title')}</h1>
        <p className="lead">{t('bgRemover.subtitle')}</p>
      </header>

      <HiddenFileInput ref={input} onFile={submit} />

      <FileDropZone onFile={submit} enabled={!busy}>
        <div className={`card workspace workspace--${task.phase}`} data-phase={task.phase}>
          {task.phase === 'idle' && <UploadPrompt onPick={() => input.current?.click()} />}

          {busy && (
            <>
              {task.sourceUrl && <SourcePreview key={task.sourceUrl} url={task.sourceUrl} dimmed />}
              <TaskProgress phase={task.phase} progress={task.progress} queueAhead={task.queueAhead} onCancel={task.cancel} />
            </>
          )}

          {task.phase === 'done' && refine.editing && task.sourceUrl && task.resultBlob && (
            <RefinePanel sourceUrl={task.sourceUrl} resultBlob={task.resultBlob} imgUrl={task.uploadedUrl} onApply={refine.apply} onCancel={refine.close} />
          )}

          {task.phase === 'done' && !refine.editing && (
            <>
              {task.resultUrl && <CompareSlider beforeUrl={task.sourceUrl} afterUrl={refine.url ?? task.resultUrl} />}
              <ResultActions
                naming={{ original: task.sourceName, tool: 'remove-background' }}
                resultBlob={resultBlob}
                onNewImage={task.reset}
                onOpenInEditor={() => void openInEditor()}
              />
              <RefineButton onClick={refine.open} refined={refine.blob !== null} />
              <p className="muted small center">{t('bgRemover.jpgHint')}</p>
            </>
          )}

          {task.phase === 'failed' && (
            <>
              {task.sourceUrl && <SourcePreview key={task.sourceUrl} url={task.sourceUrl} />}
              <TaskFailedPanel message={errorMessage} onRetry={task.retry} onNewImage={task.reset} />
            </>
          )}
        </div>
      </FileDropZone>

      <HowItWorks headingId="bg-how" />
    </div>
  );
}

/**
 * The user's own image, shown while it is processed and kept on screen after a failure.
 * A file the browser cannot decode (the usual reason for errors.paramsInvalid) is left out
 * rather than shown as a broken-image icon.
 */
function SourcePreview({ url, dimmed = false }: { url: string; dimmed?: boolean }) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  if (broken) return null;
  return (
    <div className={`source-preview${dimmed ? ' is-dimmed' : ''}`}>
      <img src={url} alt={t('bgRemover.sourceAlt')} data-testid="source.image" onError={() => setBroken(true)} />
    </div>
  );
}
