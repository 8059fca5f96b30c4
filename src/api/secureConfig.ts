import { SAFE_DEFAULT_APP_CONFIG, parseAppConfig, type AppConfig } from '../../engine/crypto/appConfig';
import { APP_PASSPHRASE } from '../../engine/crypto/appSecrets';
import { decryptText } from '../../engine/crypto/requestCrypto';
import { isSuccess } from '../../engine/spec/errors';

/**
 * The base key and the app config (SPEC §7 "Base key", "App config"; §8 "Base-key fetch failure or non-OK status:
 * an empty key is returned and the failure is logged"). Both are fetched once and cached for the page's life;
 * a failure is not cached, so the next call tries again. Scheme and limits: engine/crypto/README.md.
 */

export const BASE_KEY_PATH = '/api/sa/kesab';
export const APP_CONFIG_PATH = '/api/sa/af';

let baseKey: Promise<string> | null = null;
let appConfig: Promise<AppConfig> | null = null;

/** GET `path` and return the envelope's `data` string, or throw saying what went wrong. */
async function fetchCipher(path: string): Promise<string> {
  const response = await fetch(path, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const envelope = (await response.json()) as { resultCode?: unknown; msg?: unknown; data?: unknown };
  if (!isSuccess(envelope?.resultCode)) throw new Error(`resultCode ${String(envelope?.resultCode)} ${String(envelope?.msg ?? '')}`.trim());
  if (typeof envelope.data !== 'string' || envelope.data === '') throw new Error('reply carries no encrypted text');
  return envelope.data;
}

/** Caches a successful result; forgets a failed one (after the caller got the fallback). */
function cached<T>(get: () => Promise<T> | null, set: (p: Promise<T> | null) => void, load: () => Promise<{ value: T; ok: boolean }>): Promise<T> {
  const existing = get();
  if (existing) return existing;
  const pending = load().then(({ value, ok }) => {
    if (!ok && get() === pending) set(null);
    return value;
  });
  set(pending);
  return pending;
}

/**
 * The base key: `GET /api/sa/kesab`, decrypted with the compiled-in app passphrase.
 * @returns the key, or '' after a console.error when the call or the decryption fails.
 */
export function getBaseKey(): Promise<string> {
  return cached(
    () => baseKey,
    (p) => (baseKey = p),
    async () => {
      try {
        const key = await decryptText(await fetchCipher(BASE_KEY_PATH), APP_PASSPHRASE);
        if (!key) throw new Error('cannot decrypt the base key');
        return { value: key, ok: true };
      } catch (err) {
        console.error(`[secureConfig] base key fetch failed (${BASE_KEY_PATH}):`, err instanceof Error ? err.message : err);
        return { value: '', ok: false };
      }
    },
  );
}

/**
 * The app config: `GET /api/sa/af`, decrypted with the base key.
 * @returns the config, or after a console.error a safe default (both reviews off, empty secrets) when the base
 *   key, the call, the decryption or the config's shape fails.
 */
export function getAppConfig(): Promise<AppConfig> {
  return cached(
    () => appConfig,
    (p) => (appConfig = p),
    async () => {
      try {
        const key = await getBaseKey();
        if (!key) throw new Error('no base key');
        const json = await decryptText(await fetchCipher(APP_CONFIG_PATH), key);
        if (json === null) throw new Error('cannot decrypt the app config');
        const config = parseAppConfig(JSON.parse(json));
        if (!config) throw new Error('the app config has the wrong shape');
        return { value: config, ok: true };
      } catch (err) {
        console.error(`[secureConfig] app config fetch failed (${APP_CONFIG_PATH}):`, err instanceof Error ? err.message : err);
        return { value: { ...SAFE_DEFAULT_APP_CONFIG }, ok: false };
      }
    },
  );
}

/** Forgets the cached key and config (tests; a future "server secrets rotated" reply). */
export function resetSecureConfigCache(): void {
  baseKey = null;
  appConfig = null;
}
