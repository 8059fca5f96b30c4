import type { FastifyRequest } from 'fastify';
import type { OriginPolicy } from '../config/originSettings';

const LOOPBACK_NAMES = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

function hostname(host: string): string {
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
}

/**
 * True when `host` (a Host header, `name[:port]`) is one this server may put into URLs: the host of
 * PUBLIC_URL, an ALLOWED_HOSTS entry, or a loopback name (only this machine reaches those).
 */
export function isTrustedHost(policy: OriginPolicy, host: string | undefined): boolean {
  if (!host) return false;
  const h = host.toLowerCase();
  if (LOOPBACK_NAMES.test(hostname(h))) return true;
  if (policy.publicUrl && new URL(policy.publicUrl).host.toLowerCase() === h) return true;
  return policy.allowedHosts.some((entry) => entry === h || (!/:\d+$/.test(entry) && entry === hostname(h)));
}

/**
 * The base (`scheme://host[:port]`) of URLs returned to `request`: PUBLIC_URL when set; else the request's
 * own host when trusted; else the first allowed host, or `http://localhost:PORT`.
 */
export function publicBase(policy: OriginPolicy, request: FastifyRequest): string {
  if (policy.publicUrl) return policy.publicUrl;
  if (isTrustedHost(policy, request.host)) return `${request.protocol}://${request.host}`;
  const first = policy.allowedHosts[0];
  return first ? `${request.protocol}://${first}` : `http://localhost:${policy.port}`;
}

/**
 * True when a browser `Origin` may change state here: the page was served by this very host (the
 * origin's host equals the Host the browser connected to), or it is PUBLIC_URL or an allowed host.
 */
export function isAllowedOrigin(policy: OriginPolicy, request: FastifyRequest, origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // "null" (sandboxed frames, some redirects) and junk
  }
  const host = url.host.toLowerCase();
  if (request.headers.host && host === sameSchemeHost(url.protocol, request.headers.host)) return true;
  if (policy.publicUrl && new URL(policy.publicUrl).host.toLowerCase() === host) return true;
  return policy.allowedHosts.some((entry) => entry === host || (!/:\d+$/.test(entry) && entry === hostname(host)));
}

/** `host` as a URL of `protocol` would write it: "localhost:80" over http is "localhost". */
function sameSchemeHost(protocol: string, host: string): string | null {
  try {
    return new URL(`${protocol}//${host}`).host.toLowerCase();
  } catch {
    return null;
  }
}
