import type { AssetStatus } from './asset.machine';

/** What the batch reads of one asset to weigh its progress. */
export interface AssetProgressView {
  status: AssetStatus;
  uploadProgress: number;
  /** Server progress 0..1 while processing. */
  progress: number;
  /** Submitted (has a server item id). */
  submitted: boolean;
}

/** Share of one photo's work that is the upload; the rest is the server's. */
export const UPLOAD_SHARE = 0.2;

export type StatusCounts = Record<AssetStatus, number>;

/** Counts of assets per SPEC §4 status. */
export function countStatuses(assets: readonly AssetProgressView[]): StatusCounts {
  const counts: StatusCounts = { none: 0, user_upload: 0, processing: 0, completed: 0, failed: 0, retry: 0 };
  for (const a of assets) counts[a.status]++;
  return counts;
}

/** True when every asset is completed or failed (an empty batch is not settled). */
export function isSettled(assets: readonly AssetProgressView[]): boolean {
  return assets.length > 0 && assets.every((a) => a.status === 'completed' || a.status === 'failed');
}

/**
 * Overall progress 0..1: each photo weighs the same; a finished one (completed or failed) counts whole,
 * an uploading one its upload share, a submitted one the upload share plus the server's progress.
 */
export function batchProgress(assets: readonly AssetProgressView[]): number {
  if (assets.length === 0) return 0;
  let sum = 0;
  for (const a of assets) {
    if (a.status === 'completed' || a.status === 'failed') sum += 1;
    else if (a.status === 'user_upload') sum += UPLOAD_SHARE * clamp01(a.uploadProgress);
    else if (a.status === 'processing') sum += UPLOAD_SHARE + (a.submitted ? (1 - UPLOAD_SHARE) * clamp01(a.progress) : 0);
  }
  return sum / assets.length;
}

/** Below this much progress since the run began, a time estimate would be noise. */
export const MIN_PROGRESS_FOR_ESTIMATE = 0.02;
/** …and below this much time. */
export const MIN_ELAPSED_FOR_ESTIMATE_MS = 1000;

/**
 * Time remaining at the rate seen since the run began: elapsed × what is left / what was done.
 * Null until there is enough to go on (a photo finished, or a second of real progress).
 */
export function estimateRemainingMs(run: { startedAt: number; startProgress: number }, progress: number, now: number): number | null {
  const gained = progress - run.startProgress;
  const elapsed = now - run.startedAt;
  if (progress >= 1) return 0;
  if (gained < MIN_PROGRESS_FOR_ESTIMATE || elapsed < MIN_ELAPSED_FOR_ESTIMATE_MS) return null;
  return Math.round((elapsed * (1 - progress)) / gained);
}

const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);
