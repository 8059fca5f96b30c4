import type { BatchStatus } from '../engine/spec/batch';

/** Seconds as `42s`, `3m 05s` or `1h 02m`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/**
 * Time left, from the rate at which photos finished since the batch started (null until one has):
 * the remaining photos, less the part of the running ones already done, at that rate.
 */
export function secondsLeft(status: BatchStatus, elapsedSeconds: number): number | null {
  const finished = status.counts.completed + status.counts.failed;
  if (finished === 0 || elapsedSeconds <= 0) return null;
  const remaining = status.counts.total * (1 - status.progress);
  return (remaining * elapsedSeconds) / (status.progress * status.counts.total);
}

/** One progress line: `[##########----------]  50%  6/12 done, 1 failed, 3 processing, about 20s left`. */
export function progressLine(status: BatchStatus, elapsedSeconds: number, width = 24): string {
  const filled = Math.round(status.progress * width);
  const bar = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
  const pct = `${String(Math.floor(status.progress * 100)).padStart(3)}%`;
  const { completed, failed, processing, retry, total } = status.counts;
  const parts = [`${completed + failed}/${total} done`];
  if (failed) parts.push(`${failed} failed`);
  if (processing + retry) parts.push(`${processing + retry} processing`);
  const left = secondsLeft(status, elapsedSeconds);
  if (left !== null && status.state === 'running') parts.push(`about ${formatDuration(left)} left`);
  return `${bar} ${pct}  ${parts.join(', ')}`;
}
