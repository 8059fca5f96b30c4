/**
 * Analytics of failed calls (SPEC §7): "Failed calls send an analytics event with url,
 * errorCode and errorMsg. Calls that throw are reported as network errors and rethrown."
 *
 * Events go out one by one, at once (a batch held in memory would be lost exactly when the
 * page is closing after an error), with `keepalive` so a navigation does not cancel them.
 * Sending is fire-and-forget and can never throw into the caller.
 */
import { ResultCode } from '../../engine/spec/errors';

export const EVENT_REPORT_PATH = '/api/report/event';

/**
 * At most this many events per minute leave one page. Offline, every poll and every resource
 * retry fails; without a cap one tab would queue thousands of requests nobody can store.
 */
export const MAX_EVENTS_PER_MINUTE = 30;

/** The server keeps at most these lengths too; cutting here keeps requests small. */
const MAX_URL_CHARS = 500;
const MAX_MSG_CHARS = 500;

export interface FailedCall {
  url: string;
  errorCode: number;
  errorMsg: string;
}

let windowStart = 0;
let sentInWindow = 0;

/** Forgets the per-minute count (tests). */
export function resetAnalyticsState(): void {
  windowStart = 0;
  sentInWindow = 0;
}

/**
 * The call's path without query or fragment: those may carry tokens or a user's file URL,
 * which do not belong in analytics.
 */
export function sanitizeUrl(url: string): string {
  const cut = url.split(/[?#]/, 1)[0] ?? '';
  return cut.slice(0, MAX_URL_CHARS);
}

/** Sends one failed-call event to POST /api/report/event; never throws, never waits. */
export function trackFailedCall(call: FailedCall): void {
  try {
    const url = sanitizeUrl(String(call.url ?? ''));
    // A failing report must not report itself.
    if (url.endsWith(EVENT_REPORT_PATH)) return;
    const now = Date.now();
    if (now - windowStart >= 60_000) {
      windowStart = now;
      sentInWindow = 0;
    }
    if (sentInWindow >= MAX_EVENTS_PER_MINUTE) return;
    sentInWindow++;
    const body = JSON.stringify({
      url,
      errorCode: Number.isFinite(call.errorCode) ? Math.trunc(call.errorCode) : ResultCode.SERVICE_UNKNOWN_ERROR,
      errorMsg: String(call.errorMsg ?? '').slice(0, MAX_MSG_CHARS),
    });
    void fetch(EVENT_REPORT_PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body, keepalive: true }).catch(() => undefined);
  } catch {
    // No fetch, a frozen page, a quota: analytics is never worth an error of its own.
  }
}

/**
 * Tracks a call that threw as a network error (-1000) and rethrows the same error, so the
 * caller's handling does not change.
 * @example try { res = await fetch(path) } catch (e) { reportNetworkError(path, e) }
 */
export function reportNetworkError(url: string, error: unknown): never {
  trackFailedCall({
    url,
    errorCode: ResultCode.NETWORK_ERROR,
    errorMsg: error instanceof Error ? error.message : String(error),
  });
  throw error;
}
