import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { DEVICE_ID_HEADER, ownerOf } from './ownerKey';

/**
 * The owner key of the caller of a task, upload, download or review route: the one place that says
 * who is asking: a signed-in account, else the device.
 *
 * - With an `X-Device-Id` header (the web app always sends one): the same key the projects use,
 *   a SHA-256 of the device id (see ownerOf). A malformed id is refused with -102.
 * - Without one (API scripts, curl): a key derived from the client address, so a script still owns
 *   what it uploads, and nobody at another address can use it.
 */
export function requestOwner(request: FastifyRequest): string {
  // A signed-in caller owns as its account (resolved by the accounts hook), with or without a device id.
  if ((request as FastifyRequest & { accountOwner?: string }).accountOwner) return ownerOf(request);
  if (request.headers[DEVICE_ID_HEADER] !== undefined) return ownerOf(request);
  return createHash('sha256').update(`address:${request.ip}`).digest('hex');
}

/** The caller's device id when it sent a well-formed one, else null (for per-device rate limits). */
export function deviceIdOf(request: FastifyRequest): string | null {
  const value = request.headers[DEVICE_ID_HEADER];
  return typeof value === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(value) ? value : null;
}
