/**
 * The task's place in the server's queue while it waits (issue 29, "a fair queue"): "3 ahead of you in the
 * queue", from the status reply's `queueAhead`. Nothing while the task runs or when nobody is ahead.
 */
import { useTranslation } from 'react-i18next';

export function QueueAhead({ n }: { n: number | null }) {
  const { t } = useTranslation();
  if (n === null || n <= 0) return null;
  return (
    <p className="task-progress__queue muted" aria-live="polite" data-testid="task.queueAhead">
      {t('common.queueAhead', { n })}
    </p>
  );
}
