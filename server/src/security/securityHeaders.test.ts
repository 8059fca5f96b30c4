import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, registerSecurityHeaders } from './securityHeaders';
import { loadHeaderSettings, type HeaderSettings } from '../config/headerSettings';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function makeApp(settings: HeaderSettings, trustProxy = false): Promise<FastifyInstance> {
  const app = Fastify({ trustProxy });
  await registerSecurityHeaders(app, settings);
  app.get('/json', async () => ({ resultCode: 100 }));
  app.get('/page', async (_request, reply) => reply.type('text/html').send('<!doctype html><div id="root"></div>'));
  await app.ready();
  apps.push(app);
  return app;
}

const HTTP: HeaderSettings = { connectSrc: [], hstsMaxAgeS: 15_552_000, fileOrigin: null, httpsOnly: false };

/** Finding 7 of issue 16: headers every reply carries. */
describe('security headers', () => {
  it('sends a strict CSP, frame-ancestors none, X-Frame-Options, Referrer-Policy and nosniff on pages and JSON alike', async () => {
    const app = await makeApp(HTTP);
    for (const url of ['/page', '/json', '/missing']) {
      const res = await app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends HSTS only on requests that arrived over HTTPS, and not at all when switched off', async () => {
    const app = await makeApp(HTTP, true);
    const overHttps = await app.inject({ method: 'GET', url: '/json', headers: { 'x-forwarded-proto': 'https' } });
    expect(overHttps.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    expect((await app.inject({ method: 'GET', url: '/json' })).headers['strict-transport-security']).toBeUndefined();
    const off = await makeApp({ ...HTTP, hstsMaxAgeS: 0 }, true);
    expect((await off.inject({ method: 'GET', url: '/json', headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBeUndefined();
  });

  it('lets the browser call the configured text review endpoints, and upgrades requests on an https site', () => {
    const settings = loadHeaderSettings({
      TEXT_REVIEW_ENDPOINTS: 'https://review.example/check',
      CSP_CONNECT_SRC: 'https://cdn.example',
      PUBLIC_URL: 'https://photos.example',
      HSTS_MAX_AGE_S: '0',
    });
    expect(settings).toEqual({ connectSrc: ['https://cdn.example', 'https://review.example'], hstsMaxAgeS: 0, fileOrigin: null, httpsOnly: true });
    const csp = contentSecurityPolicy(settings);
    expect(csp['connect-src']).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example', 'https://review.example']);
    expect(csp['upgrade-insecure-requests']).toEqual([]);
    expect(() => loadHeaderSettings({ HSTS_MAX_AGE_S: 'forever' })).toThrow(/HSTS_MAX_AGE_S/);
  });

  it('lets images and downloads come straight from the bucket when results are presigned', () => {
    const settings = loadHeaderSettings({ S3_BUCKET: 'photos', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_PRESIGN_EXPIRY: '300' });
    expect(settings.fileOrigin).toBe('http://127.0.0.1:9000');
    const csp = contentSecurityPolicy(settings);
    expect(csp['img-src']).toContain('http://127.0.0.1:9000');
    expect(csp['connect-src']).toContain('http://127.0.0.1:9000');
    expect(contentSecurityPolicy(loadHeaderSettings({ S3_BUCKET: 'photos', S3_ENDPOINT: 'http://127.0.0.1:9000' }))['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
    ]);
  });
});
