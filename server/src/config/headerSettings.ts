import { directFileOrigin, loadStorageConfig } from './storageConfig';

/** Header settings, read from the environment (README "Configuration"). */
export interface HeaderSettings {
  /** Extra origins the browser may call (CSP connect-src): CSP_CONNECT_SRC plus the origins of TEXT_REVIEW_ENDPOINTS. */
  connectSrc: string[];
  /** Strict-Transport-Security max-age for HTTPS requests (HSTS_MAX_AGE_S, default 180 days; 0 = never). */
  hstsMaxAgeS: number;
  /** Origin of presigned result URLs (S3 with S3_PRESIGN_EXPIRY), which images and downloads load from directly. */
  fileOrigin: string | null;
  /** Whether the public URL is https (then the CSP also upgrades insecure requests). */
  httpsOnly: boolean;
}

function originsOf(list: string | undefined, name: string): string[] {
  return (list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((value) => {
      try {
        return new URL(value).origin;
      } catch {
        throw new Error(`${name}: "${value}" is not a URL`);
      }
    });
}

/** Reads CSP_CONNECT_SRC, TEXT_REVIEW_ENDPOINTS, HSTS_MAX_AGE_S, PUBLIC_URL and the S3_* presign settings. */
export function loadHeaderSettings(env: NodeJS.ProcessEnv): HeaderSettings {
  const hsts = env.HSTS_MAX_AGE_S?.trim();
  if (hsts && !/^\d+$/.test(hsts)) throw new Error(`HSTS_MAX_AGE_S must be a non-negative integer, got "${hsts}"`);
  return {
    connectSrc: [...new Set([...originsOf(env.CSP_CONNECT_SRC, 'CSP_CONNECT_SRC'), ...originsOf(env.TEXT_REVIEW_ENDPOINTS, 'TEXT_REVIEW_ENDPOINTS')])],
    hstsMaxAgeS: hsts ? Number(hsts) : 180 * 24 * 3600,
    fileOrigin: directFileOrigin(loadStorageConfig(env)),
    httpsOnly: /^https:\/\//i.test(env.PUBLIC_URL ?? ''),
  };
}
