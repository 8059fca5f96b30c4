import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SIGNED_CALL_HEADERS, SIGNED_CALL_NAMES, type SignedCallName } from '../../../engine/crypto/appSecrets';
import { decryptText } from '../../../engine/crypto/requestCrypto';
import { isSignedForwardPath } from '../../../engine/net/signedPaths';
import { PLATFORM_WEB } from '../../../engine/spec/limits';
import { ResultCode } from '../../../engine/spec/errors';
import { ApiError, paramsInvalid } from '../envelope';
import type { SecurityConfig } from '../config/securityConfig';

/** What a verified signed call carries. */
export interface SignedRequest {
  name: SignedCallName;
  /** The decrypted, parsed `data` field: always a JSON object. */
  payload: Record<string, unknown>;
  deviceId: string;
  /** The decrypted nonce: the account id, or the device id when the caller has no account. */
  caller: string;
  authToken: string | null;
  clientVersion: string;
}

const DEVICE_ID_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;
const VERSION_SHAPE = /^\d{1,4}\.\d{1,4}\.\d{1,4}$/;
const CLIENT_ID_SHAPE = /^[A-Za-z0-9._-]{1,64}$/;

function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 ? value : null;
}

function isSignedCallName(name: string): name is SignedCallName {
  return (SIGNED_CALL_NAMES as readonly string[]).includes(name);
}

/**
 * Checks the headers and decrypts the form field `data` of `POST /api/dist/<name>` (SPEC §7 signed calls):
 * platform must be 5, client id/version and device id well-formed, the nonce must decrypt with AppConfig.AS
 * (and, without an auth token, must be the device id itself, since there is no account to name), the body must
 * be a urlencoded form whose `data` decrypts to a JSON object.
 * @throws ApiError PARAMS_INVALID (-102) saying which check failed.
 */
export async function verifySignedCall(request: FastifyRequest, name: string, security: SecurityConfig): Promise<SignedRequest> {
  if (!isSignedCallName(name)) throw new ApiError(ResultCode.PARAMS_INVALID, `unknown signed call "${name}"`, 404);
  const H = SIGNED_CALL_HEADERS;
  if (header(request, H.platform) !== String(PLATFORM_WEB)) throw paramsInvalid(`header ${H.platform} must be ${PLATFORM_WEB}`);
  const clientId = header(request, H.clientId);
  if (!clientId || !CLIENT_ID_SHAPE.test(clientId)) throw paramsInvalid(`header ${H.clientId} is missing or malformed`);
  const clientVersion = header(request, H.clientVersion);
  if (!clientVersion || !VERSION_SHAPE.test(clientVersion)) throw paramsInvalid(`header ${H.clientVersion} must look like 1.8.0`);
  const deviceId = header(request, H.deviceId);
  if (!deviceId || !DEVICE_ID_SHAPE.test(deviceId)) throw paramsInvalid(`header ${H.deviceId} must be 16-64 letters, digits, _ or -`);
  const authToken = header(request, H.authToken);

  const secret = security.appConfig.AS;
  const nonce = header(request, H.nonce);
  const caller = nonce ? await decryptText(nonce, secret) : null;
  if (!caller) throw paramsInvalid(`header ${H.nonce} is missing or cannot be decrypted`);
  if (!authToken && caller !== deviceId) throw paramsInvalid(`header ${H.nonce} does not match the device id`);

  if (!String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
    throw paramsInvalid('expected an application/x-www-form-urlencoded form with a "data" field');
  }
  const body = request.body as Record<string, unknown> | undefined;
  const data = body && typeof body === 'object' ? body.data : undefined;
  if (typeof data !== 'string' || data === '') throw paramsInvalid('form field "data" (encrypted JSON) is required');
  const json = await decryptText(data, secret);
  if (json === null) throw paramsInvalid('form field "data" cannot be decrypted');
  let payload: unknown;
  try {
    payload = JSON.parse(json);
  } catch {
    throw paramsInvalid('form field "data" is not JSON');
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw paramsInvalid('form field "data" must be a JSON object');
  return { name, payload: payload as Record<string, unknown>, deviceId, caller, authToken, clientVersion };
}

/** The answer of a forwarded submit: the inner envelope's code and data. */
export interface ForwardedReply {
  resultCode: number;
  msg: string;
  data: unknown;
}

/**
 * `submit`: posts the payload without `apiUri` to the route `apiUri` (a task submit, or an account, purchase or
 * credit call: engine/net/signedPaths) inside this app (Fastify inject, no network), with the caller's device id
 * and auth token, and returns that route's envelope.
 * @throws ApiError PARAMS_INVALID for a missing or unlisted apiUri; SERVICE_UNAVAILABLE when the route is missing
 *   or answers something that is not an envelope.
 */
export async function forwardSubmit(app: FastifyInstance, request: FastifyRequest, call: SignedRequest): Promise<ForwardedReply> {
  const { apiUri, ...rest } = call.payload;
  if (!isSignedForwardPath(apiUri)) {
    throw paramsInvalid('payload.apiUri must be a task submit path like /api/task/removebg or an account, purchase or credit call');
  }
  const headers: Record<string, string> = { [SIGNED_CALL_HEADERS.deviceId]: call.deviceId };
  if (call.authToken) headers[SIGNED_CALL_HEADERS.authToken] = call.authToken;
  // The task route builds absolute result URLs from the Host header: keep the caller's.
  if (request.headers.host) headers.host = request.headers.host;
  // The caller's address too, so per-address limits and address owners see the caller, not loopback.
  const res = await app.inject({ method: 'POST', url: apiUri, payload: rest, headers, remoteAddress: request.ip });
  let envelope: Partial<ForwardedReply>;
  try {
    envelope = res.json() as Partial<ForwardedReply>;
  } catch {
    envelope = {};
  }
  if (typeof envelope.resultCode !== 'number' || res.statusCode === 404) {
    throw new ApiError(ResultCode.SERVICE_UNAVAILABLE, `no task service answers ${apiUri}`, 503);
  }
  return { resultCode: envelope.resultCode, msg: envelope.msg ?? '', data: envelope.data ?? null };
}
