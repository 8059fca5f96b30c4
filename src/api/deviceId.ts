import { COOKIE_LIFETIME_DAYS } from '../../engine/spec/limits';
import { AUTH_TOKEN_KEY, DEVICE_ID_KEY } from '../../engine/spec/storageKeys';

/** Local storage key of the device id (SPEC §3 "device id"); defined once in engine/spec/storageKeys.ts. */
export { DEVICE_ID_KEY };
/** The server reads the same id from this cookie for plain image GETs (an `<img>` sends no custom headers). */
const DEVICE_ID_COOKIE = 'deviceId';
const DEVICE_ID_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Kept when local storage refuses writes (private mode), so one page session stays one device; tied to
 * the storage object it was made under (one per page in a browser; tests give each file its own).
 */
let memory: { storage: unknown; id: string } | null = null;
/** The id the cookie was last written for, in which document (document.cookie cannot show a cookie of another path). */
let cookieWrittenFor: { doc: Document; id: string } | null = null;

function currentStorage(): unknown {
  try {
    return localStorage;
  } catch {
    return null; // access itself refused (some private modes)
  }
}

/** 32 random hex characters, GUID-like. getRandomValues also works on plain-http self-hosted servers. */
function newDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function readStored(): string | null {
  try {
    return localStorage.getItem(DEVICE_ID_KEY);
  } catch {
    return null;
  }
}

function ensureCookie(id: string): void {
  if (typeof document === 'undefined' || (cookieWrittenFor?.doc === document && cookieWrittenFor.id === id)) return;
  cookieWrittenFor = { doc: document, id };
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${DEVICE_ID_COOKIE}=${id}; path=/api/projects; max-age=${COOKIE_LIFETIME_DAYS * 86400}; SameSite=Strict${secure}`;
}

/**
 * The headers that name the caller to the server: this browser's device id and, when signed in, the
 * account's session token. Tasks, uploads, detections and downloads belong to the account (else the
 * device), so only its owner may read, cancel or reuse them (server/src/security/requestOwner.ts), and
 * tasks are charged to it.
 */
export function deviceHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'X-Device-Id': getDeviceId() };
  try {
    const token = localStorage.getItem(AUTH_TOKEN_KEY);
    if (token) headers['X-Auth-Token'] = token;
  } catch {
    // No storage (private mode): a visitor's device id alone.
  }
  return headers;
}

/**
 * This browser's device id: the owner of its projects until accounts exist. Made and stored on
 * first use; also mirrored into a cookie scoped to /api/projects so project images load in `<img>`.
 */
export function getDeviceId(): string {
  const storage = currentStorage();
  const stored = readStored();
  let id = stored ?? (memory && memory.storage === storage ? memory.id : null);
  if (!id || !DEVICE_ID_SHAPE.test(id)) id = newDeviceId();
  // Stored again when storage lost it (cleared in another tab) but this page still knows it.
  if (stored !== id) {
    try {
      localStorage.setItem(DEVICE_ID_KEY, id);
    } catch {
      // Storage is off; the id lives as long as the page.
    }
  }
  memory = { storage, id };
  ensureCookie(id);
  return id;
}
