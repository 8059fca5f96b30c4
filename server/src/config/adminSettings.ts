/** ADMIN_TOKEN and HOST/TRUST_PROXY as the admin statistics read them (reports/adminAccess.ts says who gets in). */

/** 127.0.0.0/8, ::1, and IPv4 loopback written as IPv6. */
export function isLoopback(ip: string | undefined): boolean {
  if (!ip) return false;
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return v4.startsWith('127.') || ip === '::1';
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
