/** What a tool page shows when its task failed: the reason, "Try again" and "New image". */
import { useTranslation } from 'react-i18next';

export function TaskFailedPanel({ message, onRetry, onNewImage }: { message: string; onRetry(): void; onNewImage(): void }) {
  const { t } = useTranslation();
  return (
    <div className="failed-panel">
      <p className="failed-panel__title">{t('bgRemover.failedTitle')}</p>
      <p className="muted" data-testid="task.error">
        {message}
      </p>
      <div className="button-row center">
        <button type="button" className="button button--primary" onClick={onRetry} data-testid="task.retry">
          {t('bgRemover.tryAgain')}
        </button>
        <button type="button" className="button button--ghost" onClick={onNewImage} data-testid="result.new">
          {t('bgRemover.newImage')}
        </button>
      </div>
    </div>
  );
}
