import type { AppConfig } from '../../engine/crypto/appConfig';
import { CLIENT_ID, SCRAMBLED_SIGNED_CALLS, SIGNED_CALL_HEADERS, type SignedCallName } from '../../engine/crypto/appSecrets';
import { decryptText, encryptText } from '../../engine/crypto/requestCrypto';
import { unscrambleReply } from '../../engine/crypto/shuffleDecode';
import { isSuccess } from '../../engine/spec/errors';
import { APP_VERSION, PLATFORM_WEB } from '../../engine/spec/limits';
import { getDeviceId } from './deviceId';
import { getAppConfig } from './secureConfig';
import { ACCOUNT_INFO_KEY, AUTH_TOKEN_KEY } from '../../engine/spec/storageKeys';
import { activeHosts, pickWeightedHost, type HostWeights } from '../../engine/net/weightedHosts';

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

/** The envelope of a signed call, as it came (success data still encrypted or scrambled). */
interface RawEnvelope {
  resultCode?: unknown;
  msg?: unknown;
  data?: unknown;
}

/**
 * Sends one signed call and returns its envelope and the request secret.
 * @throws Error when no request secret can be had, encryption fails, the network fails or the reply is not JSON.
 */
async function sendSigned(name: SignedCallName, payload: Record<string, unknown>, deps: SignedPostDeps): Promise<{ envelope: RawEnvelope; secret: string }> {
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
  try {
    return { envelope: (await response.json()) as RawEnvelope, secret };
  } catch {
    throw new Error(`HTTP ${response.status} without a JSON body`);
  }
}

/** Decrypts (or, for `hosts`, unscrambles) and parses the data of a successful signed reply. */
async function openReply<T>(name: SignedCallName, data: unknown, secret: string): Promise<T> {
  if (typeof data !== 'string') throw new Error('reply data is not a string');
  if (SCRAMBLED_SIGNED_CALLS.has(name)) {
    const value = unscrambleReply<T>(data);
    if (value === null) throw new Error('cannot unscramble the reply');
    return value;
  }
  const json = await decryptText(data, secret);
  if (json === null) throw new Error('cannot decrypt the reply');
  return JSON.parse(json) as T;
}

/**
 * A signed call to the distribute host (SPEC §7): `POST {baseUrl}/api/dist/{name}` as a urlencoded form whose field
 * `data` is `payload` as JSON encrypted with AppConfig.AS, with the headers auth token, client id, client version,
 * device id, platform 5 and nonce (the account id, or the device id, encrypted with AS).
 * @returns the reply's data decrypted (or, for `hosts`, unscrambled) and parsed; null after a console.error on any
 *   failure: no request secret, network error, non-JSON or non-success reply, undecodable data.
 */
export async function signedPost<T = unknown>(name: SignedCallName, payload: Record<string, unknown>, deps: SignedPostDeps = {}): Promise<T | null> {
  try {
    const { envelope, secret } = await sendSigned(name, payload, deps);
    if (!isSuccess(envelope?.resultCode)) throw new Error(`resultCode ${String(envelope?.resultCode)}: ${String(envelope?.msg ?? '')}`);
    return await openReply<T>(name, envelope.data, secret);
  } catch (err) {
    console.error(`[signedPost] signed call ${name} failed:`, err instanceof Error ? err.message : err);
    return null;
  }
}

/** The answer of a signed submit: the inner route's code and message, and its data (decrypted on success). */
export interface SignedEnvelope<T> {
  resultCode: number;
  msg: string;
  data: T | null;
}

let hostChoice: Promise<string> | null = null;

/**
 * The distribute host for this page load: picked once by weight (SPEC §7) from the signed `hosts` list;
 * this origin ('') when the list cannot be had.
 */
export function distributeHost(deps: SignedPostDeps = {}, random: () => number = Math.random): Promise<string> {
  hostChoice ??= signedPost<{ hosts: HostWeights }>('hosts', {}, deps).then((reply) => {
    if (!reply?.hosts || activeHosts(reply.hosts).length === 0) return '';
    return pickWeightedHost(reply.hosts, random);
  });
  return hostChoice;
}

/** Forgets the picked host (tests; a page that moves to another environment). */
export function resetDistributeHost(): void {
  hostChoice = null;
}

/**
 * A call the app sends through the signed `submit` (SPEC §7 "task submit (path apiUri plus a payload without
 * apiUri)"): the account, purchase and credit calls (engine/net/signedPaths). Unlike {@link signedPost} it gives
 * the inner route's failure code back (the login machine needs 1000006, -1017, -1018, 1010103…).
 * @throws Error when no envelope came back (network, no request secret); the caller reports it as a network error.
 */
export async function signedSubmit<T>(apiUri: string, body: Record<string, unknown>, deps: SignedPostDeps = {}): Promise<SignedEnvelope<T>> {
  const baseUrl = deps.baseUrl ?? (await distributeHost(deps));
  const { envelope, secret } = await sendSigned('submit', { ...body, apiUri }, { ...deps, baseUrl, accountId: deps.accountId ?? storedAccountId() });
  const resultCode = typeof envelope?.resultCode === 'number' ? envelope.resultCode : Number.NaN;
  if (Number.isNaN(resultCode)) throw new Error('the reply is not an envelope');
  const msg = typeof envelope.msg === 'string' ? envelope.msg : '';
  if (!isSuccess(resultCode)) return { resultCode, msg, data: (envelope.data ?? null) as T | null };
  return { resultCode, msg, data: await openReply<T>('submit', envelope.data, secret) };
}

function storedAccountId(): string | null {
  try {
    const info = globalThis.localStorage?.getItem(ACCOUNT_INFO_KEY);
    const id = info ? (JSON.parse(info) as { accountId?: unknown }).accountId : null;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}
