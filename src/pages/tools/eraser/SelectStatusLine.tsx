/** What "Select object" is doing now, under the toolbar: getting ready, selecting, unavailable, or how to use it. */
import { useTranslation } from 'react-i18next';
import type { SelectStatus } from './useObjectSelection';

export function SelectStatusLine({ status, busy }: { status: SelectStatus; busy: boolean }) {
  const { t } = useTranslation();
  const key = status === 'preparing' ? 'preparing' : status === 'unavailable' ? 'unavailable' : busy ? 'selecting' : 'hint';
  return (
    <p
      className="muted small center eraser-page__select-status"
      role="status"
      data-testid="eraser.select.status"
      data-status={status}
      data-busy={busy ? 'true' : 'false'}
    >
      {t(`eraser.select.${key}`)}
    </p>
  );
}
