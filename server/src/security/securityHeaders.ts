import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { HeaderSettings } from '../config/headerSettings';

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
