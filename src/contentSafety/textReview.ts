/**
 * The text review of the browser (SPEC §5 "Text review", §7 "Text review races three endpoints: one immediately,
 * others after 5 s and 8 s; the first answer wins", §9 text-check delays 5000 ms and 8000 ms).
 *
 * Two checks run side by side and a text is non-compliant when either says so:
 * - local: the project's word lists (GET /api/config/sensitive-words, fetched once per page) through the same
 *   matcher the server uses (engine/textReview);
 * - remote: POST of the encrypted request `{ appId, platform: 5, input }` (engine/textReview/remoteProtocol.ts)
 *   raced over three endpoints. The reply maps each text to a flag, **true = non-compliant**.
 * When all three remote attempts fail, the local result alone decides (and the failure is logged).
 */
import { apiFetch } from '../api/http';
import type { AppConfig } from '../../engine/crypto/appConfig';
import { encryptText } from '../../engine/crypto/requestCrypto';
import { isSuccess } from '../../engine/spec/errors';
import { PLATFORM_WEB, TEXT_CHECK_DELAYS_MS } from '../../engine/spec/limits';
import {
  TEXT_REVIEW_APP_ID,
  createTextReviewer,
  normalizeWordLists,
  type TextReviewReplyData,
  type TextReviewRequest,
  type TextReviewResult,
  type TextReviewer,
} from '../../engine/textReview';
import { getAppConfig, getBaseKey } from '../api/secureConfig';

export const SENSITIVE_WORDS_PATH = '/api/config/sensitive-words';
/** Used when the app config names no endpoints: the project's own server, three times (markers tell them apart in logs). */
export const DEFAULT_TEXT_REVIEW_ENDPOINTS = ['/api/text-review?try=1', '/api/text-review?try=2', '/api/text-review?try=3'] as const;
/** Start of each remote attempt after the first (SPEC §9). */
export const REMOTE_START_DELAYS_MS: readonly number[] = [0, ...TEXT_CHECK_DELAYS_MS];
/**
 * Give up on the remote check this long after it started (the SPEC leaves it to us): without a limit a hanging
 * endpoint would hold the task forever. 7 s after the last attempt starts.
 */
export const REMOTE_DEADLINE_MS = 15_000;

/** Everything reviewText talks to; tests replace any of it. */
export interface TextReviewDeps {
  fetch?: typeof fetch;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  /** The base key that encrypts the remote request (default: secureConfig's getBaseKey). */
  getBaseKey?: () => Promise<string>;
  /** The app config, for textReviewEndpoints (default: secureConfig's getAppConfig). */
  getAppConfig?: () => Promise<AppConfig>;
  /** Encrypts the request body (default: requestCrypto's encryptText). */
  encrypt?: (plain: string, key: string) => Promise<string>;
  /** Where failures are logged (default console.warn). */
  log?: (message: string, detail?: unknown) => void;
}

interface Resolved {
  fetch: typeof fetch;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  getBaseKey: () => Promise<string>;
  getAppConfig: () => Promise<AppConfig>;
  encrypt: (plain: string, key: string) => Promise<string>;
  log: (message: string, detail?: unknown) => void;
}

const resolveDeps = (deps: TextReviewDeps): Resolved => ({
  fetch: deps.fetch ?? ((input, init) => apiFetch(String(input), init)),
  setTimeout: deps.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms)),
  clearTimeout: deps.clearTimeout ?? ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>)),
  getBaseKey: deps.getBaseKey ?? getBaseKey,
  getAppConfig: deps.getAppConfig ?? getAppConfig,
  encrypt: deps.encrypt ?? ((plain, key) => encryptText(plain, key)),
  log: deps.log ?? ((message, detail) => console.warn(`[textReview] ${message}`, detail ?? '')),
});

/**
 * The two local reviewers. `withServer`: Chinese terms that need word boundaries (色情 in 红色情人节) are left to
 * the server's review, which segments Chinese with jieba (the browser has no segmenter). `alone`: used when no
 * remote check answered; it matches those terms as substrings, which errs on the side of blocking (issue 13).
 */
interface LocalReviewers {
  withServer: TextReviewer;
  alone: TextReviewer;
}

let localReviewer: Promise<LocalReviewers> | null = null;

/** Forgets the cached word lists (tests; or after a moderator edit, to pick it up without a reload). */
export function resetTextReviewCache(): void {
  localReviewer = null;
}

/** The local reviewers, built once from the server's lists; a failed fetch is not cached. */
function loadLocalReviewer(deps: Resolved): Promise<LocalReviewers> {
  if (localReviewer) return localReviewer;
  const pending = (async () => {
    const response = await deps.fetch(SENSITIVE_WORDS_PATH, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const lists = normalizeWordLists(await response.json()).lists;
    return { withServer: createTextReviewer(lists), alone: createTextReviewer(lists, { segment: (han) => [han] }) };
  })();
  localReviewer = pending;
  pending.catch(() => {
    if (localReviewer === pending) localReviewer = null;
  });
  return pending;
}

async function localReview(text: string, deps: Resolved, alone: boolean): Promise<TextReviewResult> {
  try {
    const reviewers = await loadLocalReviewer(deps);
    return (alone ? reviewers.alone : reviewers.withServer).review(text);
  } catch (error) {
    deps.log(`word lists unavailable (${SENSITIVE_WORDS_PATH}); local review skipped`, error);
    return { compliant: true, matches: [] };
  }
}

interface RemoteVerdict {
  flagged: boolean;
  matches: string[];
}

/** One remote attempt: the verdict for `text`, or a thrown error for anything but a well-formed success. */
async function askEndpoint(url: string, body: string, text: string, signal: AbortSignal, deps: Resolved): Promise<RemoteVerdict> {
  const response = await deps.fetch(url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body, signal });
  const envelope = (await response.json().catch(() => null)) as { resultCode?: unknown; msg?: unknown; data?: TextReviewReplyData | null } | null;
  if (!response.ok) throw new Error(`HTTP ${response.status} ${String(envelope?.msg ?? '')}`.trim());
  if (!isSuccess(envelope?.resultCode)) throw new Error(`resultCode ${String(envelope?.resultCode)} ${String(envelope?.msg ?? '')}`.trim());
  // Own keys only: a text such as "constructor" must not read Object.prototype.
  const own = <T>(map: Record<string, T> | undefined): T | undefined => (map && Object.hasOwn(map, text) ? map[text] : undefined);
  const flag = own(envelope?.data?.result);
  if (typeof flag !== 'boolean') throw new Error('reply has no flag for the text');
  const matches = own(envelope?.data?.matches);
  return { flagged: flag, matches: Array.isArray(matches) ? matches.filter((m): m is string => typeof m === 'string') : [] };
}

/**
 * Races the endpoints: attempt i starts REMOTE_START_DELAYS_MS[i] after the first, or at once when every attempt
 * started so far has failed (waiting out a timer after a refused connection would only delay the user). The first
 * successful answer wins: the other requests are aborted, pending timers cleared, later answers ignored.
 * @returns the winning verdict, or null when all attempts failed or the deadline passed.
 */
function raceEndpoints(endpoints: readonly string[], body: string, text: string, deps: Resolved): Promise<RemoteVerdict | null> {
  return new Promise((resolve) => {
    const controllers = new Map<number, AbortController>();
    const timers = new Map<number, unknown>();
    let started = 0;
    let failed = 0;
    let done = false;
    let deadline: unknown;

    /** Settles once; aborts every request but the winner's. */
    const finish = (verdict: RemoteVerdict | null, winner = -1) => {
      if (done) return;
      done = true;
      for (const handle of timers.values()) deps.clearTimeout(handle);
      timers.clear();
      deps.clearTimeout(deadline);
      for (const [index, controller] of controllers) if (index !== winner) controller.abort();
      resolve(verdict);
    };

    const start = (index: number) => {
      if (done || index >= endpoints.length || index < started) return;
      const timer = timers.get(index);
      if (timer !== undefined) deps.clearTimeout(timer);
      timers.delete(index);
      started = index + 1;
      const controller = new AbortController();
      controllers.set(index, controller);
      const url = endpoints[index];
      askEndpoint(url, body, text, controller.signal, deps).then(
        (verdict) => finish(verdict, index),
        (error) => {
          if (done) return;
          failed++;
          deps.log(`remote check ${index + 1}/${endpoints.length} failed (${url})`, error);
          if (failed < started) return;
          if (started < endpoints.length) start(started);
          else finish(null);
        },
      );
    };

    deadline = deps.setTimeout(() => {
      if (!done) deps.log(`remote check gave no answer within ${REMOTE_DEADLINE_MS} ms`);
      finish(null);
    }, REMOTE_DEADLINE_MS);
    for (let index = 1; index < Math.min(endpoints.length, REMOTE_START_DELAYS_MS.length); index++) {
      timers.set(
        index,
        deps.setTimeout(() => start(index), REMOTE_START_DELAYS_MS[index]),
      );
    }
    start(0);
  });
}

/** Three endpoints: the configured ones (cycled when fewer than three), else {@link DEFAULT_TEXT_REVIEW_ENDPOINTS}. */
export function remoteEndpoints(config: Pick<AppConfig, 'textReviewEndpoints'> | null): string[] {
  const configured = (config?.textReviewEndpoints ?? []).filter((url) => typeof url === 'string' && url.trim() !== '');
  if (configured.length === 0) return [...DEFAULT_TEXT_REVIEW_ENDPOINTS];
  return REMOTE_START_DELAYS_MS.map((_, i) => configured[i % configured.length]);
}

async function remoteReview(text: string, deps: Resolved): Promise<RemoteVerdict | null> {
  try {
    const [key, config] = await Promise.all([deps.getBaseKey(), deps.getAppConfig().catch(() => null)]);
    if (!key) throw new Error('no base key');
    const request: TextReviewRequest = { appId: TEXT_REVIEW_APP_ID, platform: PLATFORM_WEB, input: text };
    const body = await deps.encrypt(JSON.stringify(request), key);
    if (!body) throw new Error('cannot encrypt the request');
    const verdict = await raceEndpoints(remoteEndpoints(config), body, text, deps);
    if (!verdict) deps.log('every remote check failed; using the local review only');
    return verdict;
  } catch (error) {
    deps.log('remote check skipped; using the local review only', error);
    return null;
  }
}

/**
 * Reviews one text (a prompt) before it is submitted.
 * @returns compliant = neither the local lists nor the remote check object; matches = what each found (local
 *   first, no repeats). A blank text is compliant without any call. Never rejects.
 */
export async function reviewText(text: string, deps: TextReviewDeps = {}): Promise<TextReviewResult> {
  if (typeof text !== 'string' || text.trim() === '') return { compliant: true, matches: [] };
  const resolved = resolveDeps(deps);
  const [withServer, remote] = await Promise.all([localReview(text, resolved, false), remoteReview(text, resolved)]);
  // No remote answer: the browser decides alone, Chinese terms included (as substrings, erring on blocking).
  const local = remote ? withServer : await localReview(text, resolved, true);
  const matches = [...local.matches];
  const seen = new Set(matches.map((m) => m.toLowerCase()));
  for (const match of remote?.matches ?? []) {
    if (!seen.has(match.toLowerCase())) {
      seen.add(match.toLowerCase());
      matches.push(match);
    }
  }
  return { compliant: local.compliant && !remote?.flagged, matches };
}
