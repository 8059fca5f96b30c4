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

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/** 127.0.0.0/8, ::1, and IPv4 loopback written as IPv6. */
export function isLoopback(ip: string | undefined): boolean {
  if (!ip) return false;
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return v4.startsWith('127.') || ip === '::1';
}

/** Compares in constant time; hashing first makes both sides the same length. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** The configured token: ADMIN_TOKEN trimmed, null when unset or blank. */
export function adminTokenFromEnv(env: NodeJS.ProcessEnv): string | null {
  const token = env.ADMIN_TOKEN?.trim();
  return token ? token : null;
}

/** True when the server listens on loopback only (HOST unset, localhost, 127.x or ::1) and TRUST_PROXY is unset. */
export function localAdminAllowed(env: NodeJS.ProcessEnv): boolean {
  if (env.TRUST_PROXY && env.TRUST_PROXY !== '0') return false;
  const host = (env.HOST || '127.0.0.1').trim().toLowerCase();
  return host === 'localhost' || host === '::1' || host === '[::1]' || isLoopback(host);
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
