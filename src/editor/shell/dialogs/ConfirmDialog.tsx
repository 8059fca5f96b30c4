/** "Are you sure?" for destructive actions: the confirm button says what happens. */
import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog';

interface Props {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog({ open, title, message, confirmLabel, danger = false, busy = false, onConfirm, onCancel }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      testId="confirm.dialog"
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onCancel} data-testid="confirm.cancel">
            {t('editor.common.cancel')}
          </button>
          <button
            type="button"
            className={`button ${danger ? 'button--danger' : 'button--primary'}`}
            onClick={onConfirm}
            disabled={busy}
            data-testid="confirm.ok"
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Dialog>
  );
}
