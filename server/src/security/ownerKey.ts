import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { paramsInvalid } from '../envelope';

/** The client's random device id (SPEC §3 local storage "device id") arrives in this header. */
export const DEVICE_ID_HEADER = 'x-device-id';
/**
 * The same id as a cookie, set by the web app, for plain GETs of project images: an `<img>` or a
 * canvas image load cannot send a custom header. Only the read-only image routes accept it.
 */
export const DEVICE_ID_COOKIE = 'deviceId';
const DEVICE_ID_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined; // a malformed escape (%ZZ, a cut UTF-8 sequence) is no device id
      }
    }
  }
  return undefined;
}

/**
 * The owner key of a request: a SHA-256 of the device id, so the database and storage paths never
 * hold the id itself (it works like a bearer secret until accounts exist). Accounts will get their own
 * namespace (`account:`) so the two can never collide. Throws -102 without a well-formed device id.
 */
export function ownerOf(request: FastifyRequest, options: { allowCookie?: boolean } = {}): string {
  // A signed-in request (resolved by the accounts hook, accounts/index.ts) owns as its account.
  const accountOwner = (request as FastifyRequest & { accountOwner?: string }).accountOwner;
  if (accountOwner) return accountOwner;
  const header = request.headers[DEVICE_ID_HEADER];
  let deviceId = typeof header === 'string' ? header : undefined;
  if (deviceId === undefined && options.allowCookie) deviceId = cookieValue(request.headers.cookie, DEVICE_ID_COOKIE);
  if (!deviceId || !DEVICE_ID_SHAPE.test(deviceId)) {
    throw paramsInvalid('a device id (X-Device-Id header, 16-64 letters, digits, _ or -) is required');
  }
  return createHash('sha256').update(`device:${deviceId}`).digest('hex');
}
