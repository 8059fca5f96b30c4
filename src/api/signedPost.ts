import type { AppConfig } from '../../engine/crypto/appConfig';
import { CLIENT_ID, SCRAMBLED_SIGNED_CALLS, SIGNED_CALL_HEADERS, type SignedCallName } from '../../engine/crypto/appSecrets';
import { decryptText, encryptText } from '../../engine/crypto/requestCrypto';
import { unscrambleReply } from '../../engine/crypto/shuffleDecode';
import { isSuccess } from '../../engine/spec/errors';
import { APP_VERSION, PLATFORM_WEB } from '../../engine/spec/limits';
import { getDeviceId } from './deviceId';
import { getAppConfig } from './secureConfig';
import { AUTH_TOKEN_KEY } from '../../engine/spec/storageKeys';

/** SPEC §7 signed-call header "client version": the app version (engine/spec/limits APP_VERSION, '1.8.0'). */
export const CLIENT_VERSION = APP_VERSION;
/** SPEC §7/§9 "platform 5" (engine/spec/limits PLATFORM_WEB). */
export const PLATFORM = PLATFORM_WEB;

export interface SignedPostDeps {
  /** Where the distribute host lives ('' = this origin; see engine/net/weightedHosts to pick one). */
  baseUrl?: string;
  /** Defaults to secureConfig's getAppConfig; its AS encrypts the call. */
  getAppConfig?: () => Promise<AppConfig>;
  getDeviceId?: () => string;
  /** The signed-in account id; without one the nonce carries the device id. */
  accountId?: string | null;
  /** Defaults to localStorage 'authToken'. */
  authToken?: string | null;
  clientId?: string;
}

function storedAuthToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(AUTH_TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

/**
 * A signed call to the distribute host (SPEC §7): `POST {baseUrl}/api/dist/{name}` as a urlencoded form whose field
 * `data` is `payload` as JSON encrypted with AppConfig.AS, with the headers auth token, client id, client version,
 * device id, platform 5 and nonce (the account id, or the device id, encrypted with AS).
 * @returns the reply's data decrypted (or, for `hosts`, unscrambled) and parsed; null after a console.error on any
 *   failure: no request secret, network error, non-JSON or non-success reply, undecodable data.
 */
export async function signedPost<T = unknown>(name: SignedCallName, payload: Record<string, unknown>, deps: SignedPostDeps = {}): Promise<T | null> {
  const where = `signed call ${name}`;
  try {
    const config = await (deps.getAppConfig ?? getAppConfig)();
    const secret = config.AS;
    if (!secret) throw new Error('no request secret (app config unavailable)');
    const deviceId = (deps.getDeviceId ?? getDeviceId)();
    const [data, nonce] = await Promise.all([encryptText(JSON.stringify(payload), secret), encryptText(deps.accountId || deviceId, secret)]);
    if (!data || !nonce) throw new Error('encryption failed');

    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
      [SIGNED_CALL_HEADERS.clientId]: deps.clientId ?? CLIENT_ID,
      [SIGNED_CALL_HEADERS.clientVersion]: CLIENT_VERSION,
      [SIGNED_CALL_HEADERS.deviceId]: deviceId,
      [SIGNED_CALL_HEADERS.platform]: String(PLATFORM),
      [SIGNED_CALL_HEADERS.nonce]: nonce,
    };
    const token = deps.authToken === undefined ? storedAuthToken() : deps.authToken;
    if (token) headers[SIGNED_CALL_HEADERS.authToken] = token;

    const response = await fetch(`${deps.baseUrl ?? ''}/api/dist/${name}`, { method: 'POST', headers, body: new URLSearchParams({ data }).toString() });
    let envelope: { resultCode?: unknown; msg?: unknown; data?: unknown };
    try {
      envelope = (await response.json()) as typeof envelope;
    } catch {
      throw new Error(`HTTP ${response.status} without a JSON body`);
    }
    if (!isSuccess(envelope?.resultCode)) throw new Error(`resultCode ${String(envelope?.resultCode)}: ${String(envelope?.msg ?? '')}`);
    if (typeof envelope.data !== 'string') throw new Error('reply data is not a string');
    if (SCRAMBLED_SIGNED_CALLS.has(name)) {
      const value = unscrambleReply<T>(envelope.data);
      if (value === null) throw new Error('cannot unscramble the reply');
      return value;
    }
    const json = await decryptText(envelope.data, secret);
    if (json === null) throw new Error('cannot decrypt the reply');
    return JSON.parse(json) as T;
  } catch (err) {
    console.error(`[signedPost] ${where} failed:`, err instanceof Error ? err.message : err);
    return null;
  }
}
