import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STICKERS } from '../../../engine/resources/stickers';
import { databaseTargets } from '../testing/testDatabases';
import { startTestServer } from '../testing/testServer';
import { registerStickerRoutes, withIntrinsicSize } from './stickerRoutes';

describe('GET /stickers/:file', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    registerStickerRoutes(app);
    await app.ready();
  });
  afterAll(() => app.close());

  it('serves a catalogue sticker as a sized SVG with a long cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/stickers/1f600.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toMatch(/max-age=\d{7,}/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toMatch(/^<svg width="256" height="256" xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 36 36">/);
  });

  it('serves every sticker of the catalogue', async () => {
    for (const sticker of STICKERS) {
      const res = await app.inject({ method: 'GET', url: `/stickers/${sticker.file}` });
      expect(res.statusCode, sticker.file).toBe(200);
    }
  });

  it('refuses Twemoji files outside the catalogue, other files and traversal', async () => {
    for (const url of [
      '/stickers/1f4a9.svg', // exists in the package, not in the catalogue
      '/stickers/package.json',
      '/stickers/..%2Fpackage.json',
      '/stickers/..%2F..%2F..%2Fpackage.json',
      '/stickers/%2e%2e%2fsvg%2f1f600.svg',
      '/stickers/1f600.svg%00.png',
      '/stickers/',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toBe('image/svg+xml');
    }
  });
});

describe('withIntrinsicSize', () => {
  it('adds a size only where the SVG has none', () => {
    expect(withIntrinsicSize('<svg viewBox="0 0 36 36"><path/></svg>', 64)).toBe('<svg width="64" height="64" viewBox="0 0 36 36"><path/></svg>');
    expect(withIntrinsicSize('<svg width="10" height="10"/>')).toBe('<svg width="10" height="10"/>');
  });
});

describe('the app serves stickers', () => {
  const target = databaseTargets()[0];
  let store: Awaited<ReturnType<typeof target.make>>;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    store = await target.make();
    server = await startTestServer(store, { workers: 0 });
  });
  afterAll(async () => {
    await server?.close();
    await store?.cleanup();
  });

  it('answers /stickers/<file> and 404s an unknown one instead of the web app', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/stickers/2764.svg' })).headers['content-type']).toBe('image/svg+xml');
    const missing = await server.app.inject({ method: 'GET', url: '/stickers/nope.svg' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toMatch(/<div id="root">/);
  });
});
