/**
 * Where photos come in: the empty state (pick photos, pick a folder, or drop photos, a folder or a ZIP,
 * or paste), and a slimmer "add more" bar once photos are there. The whole area is a drop target.
 */
import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BATCH_MAX_PHOTOS } from '../../../machines/batch.machine';
import { filesFromDrop } from '../../batch/collectPhotos';
import { useDropTarget } from '../../hooks/useDropTarget';

interface Props {
  enabled: boolean;
  empty: boolean;
  onFiles(files: File[]): void;
}

const hasFiles = (event: React.DragEvent) => event.dataTransfer.types.includes('Files');

export function BatchDropArea({ enabled, empty, onFiles }: Props) {
  const { t } = useTranslation();
  const files = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);
  const { over, handlers } = useDropTarget(
    (e) => enabled && hasFiles(e),
    (e) => void filesFromDrop(e.dataTransfer).then(onFiles),
  );

  // Pasting photos (Ctrl/Cmd+V) adds them; plain text pastes into form fields are left alone.
  const paste = useEffectEvent((event: ClipboardEvent) => {
    const pasted = Array.from(event.clipboardData?.files ?? []);
    if (!enabled || pasted.length === 0) return;
    event.preventDefault();
    onFiles(pasted);
  });
  useEffect(() => {
    const onPaste = (e: ClipboardEvent) => paste(e);
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, []);

  // webkitdirectory is not in React's input props; set it on the element.
  useEffect(() => {
    folder.current?.setAttribute('webkitdirectory', '');
  }, []);

  if (!enabled && !empty) return null;

  const pick = (input: HTMLInputElement | null) => input?.click();
  const onChange = (e: React.ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (picked.length > 0) onFiles(picked);
  };

  return (
    <div className={`batch-drop${empty ? ' batch-drop--empty' : ''}${over ? ' is-over' : ''}`} data-testid="batch.drop" {...handlers}>
      <input
        ref={files}
        type="file"
        multiple
        accept="image/*,.zip,application/zip"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="batch.input"
        onChange={onChange}
      />
      <input
        ref={folder}
        type="file"
        multiple
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="batch.folderInput"
        onChange={onChange}
      />
      {empty ? (
        <div className="batch-empty">
          <svg className="upload-prompt__icon" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M4 7h5l2 2h9v10a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1zM12 17v-5M9.5 14.5 12 12l2.5 2.5" />
          </svg>
          <h2 className="batch-empty__title">{t('batch.emptyTitle', { max: BATCH_MAX_PHOTOS })}</h2>
          <p className="muted">{t('batch.emptyText')}</p>
          <div className="button-row center">
            <button type="button" className="button button--primary button--large" data-testid="batch.pick" onClick={() => pick(files.current)}>
              {t('batch.choosePhotos')}
            </button>
            <button type="button" className="button button--secondary button--large" onClick={() => pick(folder.current)}>
              {t('batch.chooseFolder')}
            </button>
          </div>
          <p className="muted small">{t('batch.dropHint')}</p>
        </div>
      ) : (
        <div className="batch-drop__more">
          <span className="muted small">{t('batch.dropMore')}</span>
          <button type="button" className="button button--secondary" onClick={() => pick(files.current)}>
            {t('batch.addMore')}
          </button>
          <button type="button" className="button button--ghost" onClick={() => pick(folder.current)}>
            {t('batch.chooseFolder')}
          </button>
        </div>
      )}
    </div>
  );
}
