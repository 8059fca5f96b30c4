/** Where the document stands with the server: saved, saving, offline (kept locally) or conflicting. */
import { useTranslation } from 'react-i18next';
import type { SaveStatus } from '../../persistence/autosaveScheduler';

const LABEL: Record<SaveStatus, string> = {
  saved: 'editor.save.saved',
  unsaved: 'editor.save.saving',
  saving: 'editor.save.saving',
  offline: 'editor.save.offline',
  conflict: 'editor.save.conflict',
};

export function SaveStatusBadge({ status, onKeepMine }: { status: SaveStatus; onKeepMine(): void }) {
  const { t } = useTranslation();
  return (
    <div className={`ed-save ed-save--${status}`} role="status" aria-live="polite" data-testid="save.status" data-status={status}>
      <span className="ed-save__dot" aria-hidden="true" />
      <span className="ed-save__text">{t(LABEL[status])}</span>
      {status === 'conflict' && (
        <button type="button" className="ed-link-button" onClick={onKeepMine} data-testid="save.keepMine">
          {t('editor.save.keepMine')}
        </button>
      )}
    </div>
  );
}
