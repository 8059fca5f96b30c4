import type { FastifyReply, FastifyRequest } from 'fastify';

/** One cookie of a `Cookie` header (undefined when absent or malformed). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * Sets an HttpOnly cookie the page's scripts cannot read (Secure when the request came over https;
 * a plain-http LAN install would lose it otherwise). `maxAgeS` 0 deletes it.
 */
export function setServerCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  cookie: { name: string; value: string; path: string; maxAgeS: number; sameSite: 'Lax' | 'Strict' },
): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  const line = `${cookie.name}=${encodeURIComponent(cookie.value)}; Path=${cookie.path}; Max-Age=${cookie.maxAgeS}; HttpOnly; SameSite=${cookie.sameSite}${secure}`;
  const previous = reply.getHeader('set-cookie');
  const lines = previous === undefined ? [] : Array.isArray(previous) ? previous.map(String) : [String(previous)];
  void reply.header('set-cookie', [...lines, line]);
}
