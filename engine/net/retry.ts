/**
 * Retrying of SPEC §9: "Retry helper: default 5 attempts with doubling delay from 1 s.
 * Resource download: up to 100 retries, 200 ms base."
 */
import { RESOURCE_DOWNLOAD_BASE_DELAY_MS, RESOURCE_DOWNLOAD_RETRIES, RETRY_BASE_DELAY_MS, RETRY_DEFAULT_ATTEMPTS } from '../spec/limits';

/**
 * The longest pause between two resource-download tries. 100 retries with plain doubling from
 * 200 ms would wait for days; capped at 2 s the worst case is about 3.2 minutes
 * (200 + 400 + 800 + 1600 ms, then 96 × 2 s), long enough to ride out a server restart or a
 * flaky mobile link without hammering the server.
 */
export const RESOURCE_DOWNLOAD_MAX_DELAY_MS = 2000;

export interface RetryOptions {
  /** Tries in all, the first included (default 5). */
  attempts?: number;
  /** Pause after the first failure (default 1000 ms); each later pause is `factor` times the previous. */
  initialDelayMs?: number;
  /** Growth of the pause (default 2: 1 s, 2 s, 4 s, 8 s). */
  factor?: number;
  /** Upper bound of one pause (default: none). */
  maxDelayMs?: number;
  /** False stops at once and rethrows (a 404 will not heal); `attempt` is the 1-based try that failed. */
  shouldRetry?: (error: unknown, attempt: number) => boolean;
  /** How to wait; the default uses setTimeout, so fake timers drive it. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Aborting stops the retries, also during a pause, and rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** Waits `ms` milliseconds; rejects with the abort reason when `signal` aborts first. */
export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Calls `fn` until it resolves, at most `attempts` times, pausing 1 s, 2 s, 4 s… between tries
 * (SPEC §9 defaults). Resolves with the first success; rejects with the last error once the
 * tries are used up or `shouldRetry` says no.
 * @example await retry(() => fetchConfig(), { attempts: 3 })
 */
export async function retry<T>(fn: (attempt: number) => Promise<T>, opts: RetryOptions = {}): Promise<T> {
  const attempts = Math.max(1, Math.floor(opts.attempts ?? RETRY_DEFAULT_ATTEMPTS));
  const initial = Math.max(0, opts.initialDelayMs ?? RETRY_BASE_DELAY_MS);
  const factor = opts.factor ?? 2;
  const max = opts.maxDelayMs ?? Infinity;
  const sleep = opts.sleep ?? defaultSleep;
  const { signal } = opts;

  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw signal.reason;
    try {
      return await fn(attempt);
    } catch (error) {
      // An abort is the caller's choice, never a failure worth another try.
      if (signal?.aborted) throw signal.reason;
      if (attempt >= attempts || (opts.shouldRetry && !opts.shouldRetry(error, attempt))) throw error;
      await sleep(Math.min(initial * factor ** (attempt - 1), max), signal);
    }
  }
}

export interface DownloadRetryOptions extends Pick<RetryOptions, 'shouldRetry' | 'sleep' | 'signal'> {
  /** Retries after the first try (default 100, so up to 101 tries). */
  retries?: number;
  /** First pause (default 200 ms), doubling up to `maxDelayMs`. */
  baseDelayMs?: number;
  /** Cap of one pause (default RESOURCE_DOWNLOAD_MAX_DELAY_MS = 2 s). */
  maxDelayMs?: number;
}

/**
 * Fetches a resource (font, style image, config) with the patient policy of SPEC §9: up to 100
 * retries, pauses doubling from 200 ms and capped at 2 s. `fetchOnce` should throw on a non-OK
 * answer; pass `shouldRetry` to give up early on errors that cannot heal.
 * @example const blob = await downloadWithRetry(async () => { const r = await fetch(url); if (!r.ok) throw new Error(String(r.status)); return r.blob(); })
 */
export function downloadWithRetry<T>(fetchOnce: (attempt: number) => Promise<T>, opts: DownloadRetryOptions = {}): Promise<T> {
  return retry(fetchOnce, {
    attempts: Math.max(0, Math.floor(opts.retries ?? RESOURCE_DOWNLOAD_RETRIES)) + 1,
    initialDelayMs: opts.baseDelayMs ?? RESOURCE_DOWNLOAD_BASE_DELAY_MS,
    factor: 2,
    maxDelayMs: opts.maxDelayMs ?? RESOURCE_DOWNLOAD_MAX_DELAY_MS,
    shouldRetry: opts.shouldRetry,
    sleep: opts.sleep,
    signal: opts.signal,
  });
}
