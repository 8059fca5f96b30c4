/**
 * Who may read the admin statistics. With ADMIN_TOKEN set, the `x-admin-token` header must equal
 * it. Without, only a request made on the server machine itself gets through: its address is
 * loopback and it carries no forwarding header (a reverse proxy on the same host connects from
 * 127.0.0.1 too, so a proxied request must not count as local) — and only while the server is bound
 * to loopback alone and TRUST_PROXY is unset: otherwise a bare `proxy_pass` on the same machine
 * would hand every visitor the statistics, so ADMIN_TOKEN is then required.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { isLoopback } from '../config/adminSettings';

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/** Compares in constant time; hashing first makes both sides the same length. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * True when `request` may read admin data under `adminToken` (see the module note).
 * @param allowLocal whether a loopback request without a token may (see {@link localAdminAllowed}).
 */
export function isAdminRequest(request: FastifyRequest, adminToken: string | null, allowLocal: boolean): boolean {
  if (adminToken) {
    const given = request.headers['x-admin-token'];
    return typeof given === 'string' && sameSecret(given, adminToken);
  }
  if (!allowLocal) return false;
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopback(request.ip);
}
