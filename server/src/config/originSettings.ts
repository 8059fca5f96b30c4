/**
 * Which hosts this server answers for, so returned URLs and allowed origins never come from an
 * untrusted `Host` header (a forged `Host: attacker.example` must not turn into
 * `fileUrl: http://attacker.example/files/…`).
 */
export interface OriginPolicy {
  /** PUBLIC_URL without a trailing slash: when set, every returned URL starts with it. */
  publicUrl: string | null;
  /** ALLOWED_HOSTS, lower-cased: `host` (any port) or `host:port`. */
  allowedHosts: string[];
  /** The port the server listens on, for the fallback base URL. */
  port: number;
}

/** Reads PUBLIC_URL, ALLOWED_HOSTS (comma-separated `host[:port]`) and PORT. */
export function loadOriginPolicy(env: NodeJS.ProcessEnv, publicUrl?: string | null): OriginPolicy {
  const allowedHosts = (env.ALLOWED_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  for (const host of allowedHosts) {
    if (!/^(\[[0-9a-f:]+\]|[a-z0-9.-]+)(:\d{1,5})?$/.test(host)) throw new Error(`ALLOWED_HOSTS: "${host}" is not a host or host:port`);
  }
  const fromEnv = env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null;
  return { publicUrl: publicUrl === undefined ? fromEnv : publicUrl, allowedHosts, port: Number(env.PORT) || 8080 };
}
