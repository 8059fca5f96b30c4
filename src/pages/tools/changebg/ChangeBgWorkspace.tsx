/**
 * The picture area of the background changer pages: upload prompt (button, drop, paste), progress with the
 * previous result dimmed behind it, before/after comparison with download actions, and the failure panel.
 */
import { useRef } from 'react';
import { ResultCode } from '../../../../engine/spec/errors';
import { useTranslation } from 'react-i18next';
import { CompareSlider } from '../../../components/CompareSlider';
import { FileDropZone } from '../../../components/FileDropZone';
import { ResultActions } from '../../../tools/ResultActions';
import { UploadPrompt } from '../../../tools/UploadPrompt';
import { useKey } from '../../../hooks/useKey';
import { usePasteImage } from '../../../hooks/usePasteImage';
import { usePreventFileNavigation } from '../../../hooks/usePreventFileNavigation';
import { StageProgress } from '../extender/StageProgress';
import type { ChangeBackgroundView } from './useChangeBackground';
import { HiddenFileInput } from '../../../components/HiddenFileInput';
import { TaskFailedPanel } from '../../../components/TaskFailedPanel';
import { RefinableResult } from '../../../tools/refine/RefinableResult';

export function ChangeBgWorkspace({ view }: { view: ChangeBackgroundView }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const { task, busy, preparing, waiting } = view;

  usePasteImage(view.submit);
  usePreventFileNavigation();
  useKey('Escape', view.cancel, busy);

  const { kept, refine } = view;
  const showPrompt = !view.file && task.phase === 'idle' && !kept;
  const stageKey = preparing ? 'changebg.stage.background' : `changebg.stage.${task.phase}`;
  // The last result stays on the page through a refused or failed run; its message is shown once, beside it.
  const showKept = kept !== null && !busy && !preparing && !(waiting && task.phase === 'idle');
  const failedBeside = task.phase === 'failed' && kept !== null;
  // 1010103 opens the credits dialog (or the price page): that is its one message.
  const creditsRefusal = task.errorCode === ResultCode.CREDITS_NOT_ENOUGH;
  return (
    <>
      <HiddenFileInput ref={input} onFile={(file) => view.submit(file)} />
      <FileDropZone onFile={view.submit} enabled={!busy}>
        <div className={`card workspace workspace--${task.phase} changebg-workspace`} data-phase={task.phase}>
          {showPrompt && <UploadPrompt onPick={() => input.current?.click()} />}

          {(busy || (waiting && task.phase === 'idle')) && view.preview && (
            <img className="changebg-preview is-dimmed" src={view.preview} alt={t('bgRemover.sourceAlt')} data-testid="source.image" />
          )}
          {busy && (
            <StageProgress
              label={t(stageKey)}
              progress={preparing ? 0 : task.progress}
              phase={preparing ? 'preparing' : task.phase}
              queueAhead={task.queueAhead}
              onCancel={view.cancel}
            />
          )}
          {waiting && !busy && task.phase === 'idle' && (
            <p className="muted center" data-testid="changebg.waiting">
              {t('changebg.image.missing')}
            </p>
          )}

          {showKept && (
            <>
              {failedBeside && !creditsRefusal && (
                <p className="result-failed-note" role="alert" data-testid="task.error">
                  {view.errorMessage} {t('common.resultKept')}
                </p>
              )}
              <RefinableResult refine={refine} kept={kept}>
                <CompareSlider beforeUrl={kept.photoUrl} afterUrl={kept.url} resultAlt={t('common.editedImageAlt')} />
                <ResultActions
                  naming={{ original: kept.sourceName, tool: 'new-background' }}
                  resultBlob={kept.blob}
                  onNewImage={view.startOver}
                  onOpenInEditor={view.openInEditor}
                />
                <p className="muted small center">{t('changebg.rerunHint')}</p>
              </RefinableResult>
            </>
          )}

          {task.phase === 'failed' && !kept && !preparing && <TaskFailedPanel message={view.errorMessage} onRetry={task.retry} onNewImage={view.startOver} />}
        </div>
      </FileDropZone>
    </>
  );
}
