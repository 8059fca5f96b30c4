/**
 * The picture area of the background changer pages: upload prompt (button, drop, paste), progress with the
 * previous result dimmed behind it, before/after comparison with download actions, and the failure panel.
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CompareSlider } from '../../../components/CompareSlider';
import { FileDropZone } from '../../../components/FileDropZone';
import { ResultActions } from '../../../components/ResultActions';
import { UploadPrompt } from '../../../components/UploadPrompt';
import { useKey } from '../../../hooks/useKey';
import { usePasteImage } from '../../../hooks/usePasteImage';
import { usePreventFileNavigation } from '../../../hooks/usePreventFileNavigation';
import { StageProgress } from '../extender/StageProgress';
import type { ChangeBackgroundView } from './useChangeBackground';

export function ChangeBgWorkspace({ view }: { view: ChangeBackgroundView }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const { task, busy, preparing, waiting } = view;

  usePasteImage(view.submit);
  usePreventFileNavigation();
  useKey('Escape', view.cancel, busy);

  const showPrompt = !view.file && task.phase === 'idle';
  const stageKey = preparing ? 'changebg.stage.background' : `changebg.stage.${task.phase}`;
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="upload.input"
        onChange={(event) => {
          const picked = event.target.files?.[0];
          event.target.value = ''; // picking the same file again must fire change again
          if (picked) view.submit(picked);
        }}
      />
      <FileDropZone onFile={view.submit} enabled={!busy}>
        <div className={`card workspace workspace--${task.phase} changebg-workspace`} data-phase={task.phase}>
          {showPrompt && <UploadPrompt onPick={() => input.current?.click()} />}

          {(busy || (waiting && task.phase === 'idle')) && view.preview && (
            <img className="changebg-preview is-dimmed" src={view.preview} alt={t('bgRemover.sourceAlt')} data-testid="source.image" />
          )}
          {busy && <StageProgress label={t(stageKey)} progress={preparing ? 0 : task.progress} phase={preparing ? 'preparing' : task.phase} onCancel={view.cancel} />}
          {waiting && !busy && task.phase === 'idle' && <p className="muted center" data-testid="changebg.waiting">{t('changebg.image.missing')}</p>}

          {task.phase === 'done' && !preparing && (
            <>
              {task.resultUrl && <CompareSlider beforeUrl={task.sourceUrl} afterUrl={task.resultUrl} resultAlt={t('common.editedImageAlt')} />}
              <ResultActions resultBlob={task.resultBlob} onNewImage={view.startOver} onOpenInEditor={view.openInEditor} />
              <p className="muted small center">{t('changebg.rerunHint')}</p>
            </>
          )}

          {task.phase === 'failed' && !preparing && (
            <div className="failed-panel">
              <p className="failed-panel__title">{t('bgRemover.failedTitle')}</p>
              <p className="muted" data-testid="task.error">{view.errorMessage}</p>
              <div className="button-row center">
                <button type="button" className="button button--primary" onClick={task.retry} data-testid="task.retry">
                  {t('bgRemover.tryAgain')}
                </button>
                <button type="button" className="button button--ghost" onClick={view.startOver} data-testid="result.new">
                  {t('bgRemover.newImage')}
                </button>
              </div>
            </div>
          )}
        </div>
      </FileDropZone>
    </>
  );
}
