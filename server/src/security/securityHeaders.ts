import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { directFileOrigin, loadStorageConfig } from '../storage/storageConfig';

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
  return (list ?? '').split(',').map((s) => s.trim()).filter(Boolean).map((value) => {
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

/**
 * The Content-Security-Policy of the app: only our own scripts (no inline or eval; `wasm-unsafe-eval`
 * lets WebAssembly compile), web workers from our files or blob URLs, images, fonts and media from us,
 * data and blob URLs (canvas exports, uploads being previewed), calls to us and the configured review
 * endpoints, no plugins, no framing by anyone.
 */
export function contentSecurityPolicy(settings: HeaderSettings): Record<string, string[] | null> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    'worker-src': ["'self'", 'blob:'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(settings.fileOrigin ? [settings.fileOrigin] : [])],
    'font-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'data:', 'blob:'],
    'connect-src': ["'self'", 'data:', 'blob:', ...settings.connectSrc, ...(settings.fileOrigin ? [settings.fileOrigin] : [])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'frame-src': ["'none'"],
    'manifest-src': ["'self'"],
    // Only where the site is served over https: on a plain-http LAN install it would break every asset.
    'upgrade-insecure-requests': settings.httpsOnly ? [] : null,
  };
}

/**
 * Security headers with `@fastify/helmet` on every reply (HTML, JSON, files, errors): the CSP above,
 * `X-Frame-Options: DENY`, `Referrer-Policy: strict-origin-when-cross-origin`, `X-Content-Type-Options:
 * nosniff`, and `Strict-Transport-Security` only on requests that arrived over HTTPS (behind a proxy:
 * with TRUST_PROXY and X-Forwarded-Proto), because browsers ignore it on http and a LAN install has none.
 */
export async function registerSecurityHeaders(app: FastifyInstance, settings: HeaderSettings): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(settings) },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  if (settings.hstsMaxAgeS > 0) {
    app.addHook('onRequest', async (request, reply) => {
      if (request.protocol === 'https') void reply.header('strict-transport-security', `max-age=${settings.hstsMaxAgeS}; includeSubDomains`);
    });
  }
}
