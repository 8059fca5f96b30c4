import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUNDS } from '../../../engine/backgrounds/catalogue';
import { ResultCode } from '../../../engine/spec/errors';
import { registerBackgroundRoutes, type BackgroundCatalogue } from './routes';

describe('background library routes', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    registerBackgroundRoutes(app);
    await app.ready();
  });
  afterAll(() => app.close());

  it('lists the catalogue in an envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/backgrounds' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { resultCode: number; data: BackgroundCatalogue };
    expect(body.resultCode).toBe(ResultCode.SUCCESS);
    expect(body.data.backgrounds).toHaveLength(BACKGROUNDS.length);
    expect(body.data.categories).toContain('studio');
    expect(body.data.backgrounds[0]).toEqual({
      id: 'studio-white',
      category: 'studio',
      nameKey: 'changebg.bg.studioWhite',
      thumbUrl: '/api/backgrounds/studio-white/thumb.png',
    });
    expect(body.data.scenes.length).toBeGreaterThan(5);
  });

  it('serves a small PNG thumbnail with a cache header', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/backgrounds/bokeh-garden/thumb.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 240, 180]);
    expect(res.rawPayload.length).toBeLessThan(40_000);
    // The second request is served from memory, byte for byte the same.
    const again = await app.inject({ method: 'GET', url: '/api/backgrounds/bokeh-garden/thumb.png' });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('answers 404 for ids outside the catalogue', async () => {
    for (const url of ['/api/backgrounds/nope/thumb.png', '/api/backgrounds/..%2F..%2Fpackage.json/thumb.png', '/api/backgrounds/STUDIO-WHITE/thumb.png']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().resultCode).toBe(ResultCode.PARAMS_INVALID);
    }
  });
});
