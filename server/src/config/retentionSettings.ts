import { DEFAULT_RETENTION_HOURS } from '../../../engine/spec/limits';

/**
 * RETENTION_HOURS (default 24; a fraction such as 0.5 is allowed; 0 keeps files forever).
 * Returns the retention in milliseconds, or 0 when sweeping is off.
 */
export function loadRetentionMs(env: NodeJS.ProcessEnv): number {
  const raw = env.RETENTION_HOURS;
  if (raw === undefined || raw === '') return DEFAULT_RETENTION_HOURS * 3600_000;
  const hours = Number(raw);
  if (!Number.isFinite(hours) || hours < 0) throw new Error(`RETENTION_HOURS must be a number of hours ≥ 0, got "${raw}"`);
  return Math.round(hours * 3600_000);
}
