/** Overall progress of a running batch: done / total, a bar, and the time remaining. */
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { BatchActor } from '../../batch/useBatch';

/** "about 2 min" / "about 40 s" from milliseconds. */
export function remainingParts(ms: number): { key: 'seconds' | 'minutes' | 'hours'; value: number } {
  const s = Math.max(1, Math.round(ms / 1000));
  if (s < 60) return { key: 'seconds', value: s };
  if (s < 3600) return { key: 'minutes', value: Math.round(s / 60) };
  return { key: 'hours', value: Math.round((s / 3600) * 10) / 10 };
}

export function BatchProgress({ actor }: { actor: BatchActor }) {
  const { t } = useTranslation();
  const progress = useSelector(actor, (s) => s.context.progress);
  const eta = useSelector(actor, (s) => s.context.etaMs);
  const counts = useSelector(actor, (s) => s.context.counts);
  const total = useSelector(actor, (s) => s.context.assets.length);
  const done = useSelector(actor, (s) => s.matches('done'));
  const percent = Math.round(progress * 100);
  const finished = counts.completed + counts.failed;
  const left = eta === null ? t('batch.estimating') : eta === 0 ? '' : t(`batch.remaining.${remainingParts(eta).key}`, { count: remainingParts(eta).value });

  return (
    <div className="batch-progress" data-testid="batch.progress" data-done={done}>
      <div className="task-progress__row">
        <span aria-live="polite" data-testid="batch.progress.label">
          {done ? t('batch.finished', { completed: counts.completed, failed: counts.failed }) : t('batch.progressLabel', { done: finished, total })}
        </span>
        <span className="muted" data-testid="batch.eta">
          {done ? '' : left}
        </span>
      </div>
      <div className="progress" role="progressbar" aria-label={t('batch.overallProgress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="progress__fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
