import { APP_PASSPHRASE } from '../../engine/crypto/appSecrets';
import { encryptText } from '../../engine/crypto/requestCrypto';
import { COOKIE_LIFETIME_DAYS } from '../../engine/spec/limits';
import type { StoredAccount } from '../../machines/login.machine';

/** Local storage keys of SPEC §3: account info and auth token. */
import { ACCOUNT_INFO_KEY, AUTH_TOKEN_KEY } from '../../engine/spec/storageKeys';
import { postSessionCookie } from './sessionApi';

export { ACCOUNT_INFO_KEY, AUTH_TOKEN_KEY };
/** The encrypted account cookie (SPEC §3/§9: fixed app-wide passphrase, 365 days by default). */
export const ACCOUNT_COOKIE = 'acc';

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The stored account, or null when signed out (or storage holds something unreadable). */
export function readStoredAccount(): StoredAccount | null {
  const token = safeGet(AUTH_TOKEN_KEY);
  const info = safeGet(ACCOUNT_INFO_KEY);
  if (!token || !info) return null;
  try {
    const parsed = JSON.parse(info) as Partial<StoredAccount>;
    if (typeof parsed.accountId !== 'string' || !parsed.accountId) return null;
    return { accountId: parsed.accountId, token, email: typeof parsed.email === 'string' ? parsed.email : null };
  } catch {
    return null;
  }
}

/** Cookie lifetime: COOKIE_LIFETIME_DAYS, or a configured number of hours. */
export function cookieMaxAgeSeconds(configuredHours?: number | null): number {
  return configuredHours && configuredHours > 0 ? Math.round(configuredHours * 3600) : COOKIE_LIFETIME_DAYS * 86400;
}

/** Stores the account in local storage and, encrypted, in the account cookie. */
export async function storeAccount(account: StoredAccount, configuredHours?: number | null): Promise<void> {
  try {
    localStorage.setItem(AUTH_TOKEN_KEY, account.token);
    localStorage.setItem(ACCOUNT_INFO_KEY, JSON.stringify({ accountId: account.accountId, email: account.email ?? null }));
  } catch {
    // Private mode: the session lasts as long as the page.
  }
  if (typeof document === 'undefined') return;
  // Project images load by <img>, which sends no headers: the server sets an HttpOnly cookie of the
  // session for /api/projects (issue 30 item 14); the script-written one of earlier versions goes.
  document.cookie = `${AUTH_TOKEN_KEY}=; path=/api/projects; max-age=0`;
  await postSessionCookie('/api/session/cookie', account.token);
  try {
    const sealed = await encryptText(JSON.stringify({ accountId: account.accountId, email: account.email ?? null }), APP_PASSPHRASE);
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${ACCOUNT_COOKIE}=${encodeURIComponent(sealed)}; path=/; max-age=${cookieMaxAgeSeconds(configuredHours)}; SameSite=Lax${secure}`;
  } catch {
    // Without WebCrypto (plain-http LAN installs) there is no cookie copy; local storage still holds it.
  }
}

/**
 * Takes the fresh session token the server issued on a sensitive change (issue 30 item 14: the presented token was
 * revoked with it). It replaces the stored one (local storage, as SPEC §3 wants) and the HttpOnly image-load cookie,
 * so this browser stays signed in. A browser that signed out meanwhile (say, in another tab) stays signed out:
 * without a stored account the token is dropped and lapses unused.
 */
export async function adoptSessionToken(token: string): Promise<void> {
  const stored = readStoredAccount();
  if (!stored) return;
  await storeAccount({ ...stored, token });
}

export function clearStoredAccount(): void {
  try {
    localStorage.removeItem(AUTH_TOKEN_KEY);
    localStorage.removeItem(ACCOUNT_INFO_KEY);
  } catch {
    // Nothing stored.
  }
  if (typeof document !== 'undefined') {
    document.cookie = `${ACCOUNT_COOKIE}=; path=/; max-age=0`;
    document.cookie = `${AUTH_TOKEN_KEY}=; path=/api/projects; max-age=0`;
    void postSessionCookie('/api/session/cookie/clear', null);
  }
}
