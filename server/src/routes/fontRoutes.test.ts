import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackFontManifest, type PackedFontManifest } from '../../../engine/fonts/manifest';
import { buildFontManifest } from '../../../scripts/build-font-manifest.mjs';
import { PROJECT_ROOT } from '../config';
import { registerFontRoutes } from './fontRoutes';

async function appFor(root?: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registerFontRoutes(app, root ? { root } : {});
  await app.ready();
  return app;
}

describe('font routes on the real catalogue', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    buildFontManifest({ quiet: true });
    app = await appFor();
  });
  afterAll(() => app.close());

  it('serves the manifest with every catalogue family, premium flags and metrics', async () => {
    const res = await app.inject({ url: '/fonts/manifest.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const manifest = unpackFontManifest(res.json<PackedFontManifest>());
    expect(manifest.families).toHaveLength(163);
    const pacifico = manifest.families.find((f) => f.fontName === 'Pacifico');
    expect(pacifico).toMatchObject({ unlockType: 1, disable: false, fileName: 'pacifico-latin-400-normal.woff2' });
    expect(pacifico?.metrics.ascenderPx100).toBeGreaterThan(50);
    const jp = manifest.families.find((f) => f.fontName === 'NotoSansJP');
    expect(jp?.files.length).toBeGreaterThan(90);
    expect(jp?.files.every((f) => /^U\+/.test(f.unicodeRange))).toBe(true);
  });

  it('gzips the manifest for clients that accept it and answers 304 to a known ETag', async () => {
    const plain = await app.inject({ url: '/fonts/manifest.json' });
    const zipped = await app.inject({ url: '/fonts/manifest.json', headers: { 'accept-encoding': 'gzip, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
    const again = await app.inject({ url: '/fonts/manifest.json', headers: { 'if-none-match': String(plain.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('serves a listed woff2 file with a long cache and the font type', async () => {
    const res = await app.inject({ url: '/fonts/files/pacifico/pacifico-latin-400-normal.woff2?v=abc' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('font/woff2');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
  });

  it.each([
    '/fonts/files/pacifico/pacifico-latin-400-normal.woff', // exists on disk, not in the manifest
    '/fonts/files/lobster/pacifico-latin-400-normal.woff2', // another family's file
    '/fonts/files/pacifico/..%2Fpackage.json',
    '/fonts/files/pacifico/..%2F..%2F..%2F..%2Fpackage.json',
    '/fonts/files/..%2F..%2F..%2Fengine/catalogue.json',
    '/fonts/files/pacifico/missing.woff2',
  ])('refuses %s', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.rawPayload.toString()).not.toContain('"name"');
  });
});

describe('font routes without a generated manifest', () => {
  let scratch: string;
  beforeAll(() => {
    scratch = mkdtempSync(path.join(os.tmpdir(), 'lumacut-fonts-'));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('builds the manifest on the first request', async () => {
    const root = path.join(scratch, 'buildable');
    mkdirSync(path.join(root, 'engine', 'fonts'), { recursive: true });
    mkdirSync(path.join(root, 'node_modules'), { recursive: true });
    symlinkSync(path.join(PROJECT_ROOT, 'node_modules', '@fontsource'), path.join(root, 'node_modules', '@fontsource'));
    const catalogue = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'engine', 'fonts', 'catalogue.json'), 'utf8')) as Array<{ slug: string }>;
    const two = catalogue.filter((entry) => entry.slug === 'lobster' || entry.slug === 'sunflower');
    writeFileSync(path.join(root, 'engine', 'fonts', 'catalogue.json'), JSON.stringify(two));
    const app = await appFor(root);
    const res = await app.inject({ url: '/fonts/manifest.json' });
    await app.close();
    expect(res.statusCode).toBe(200);
    const manifest = unpackFontManifest(res.json<PackedFontManifest>());
    expect(manifest.families.map((f) => f.fontName).sort()).toEqual(['Lobster', 'Sunflower']);
    // Sunflower has no 400: the nearest weight CSS would pick (500) is used instead.
    expect(manifest.families.find((f) => f.fontName === 'Sunflower')?.weight).toBe(500);
    expect(existsSync(path.join(root, 'generated', 'fonts', 'manifest.json'))).toBe(true);
  });

  it('answers a clear 503 envelope when the manifest cannot be built', async () => {
    const app = await appFor(path.join(scratch, 'empty'));
    const res = await app.inject({ url: '/fonts/manifest.json' });
    const file = await app.inject({ url: '/fonts/files/pacifico/pacifico-latin-400-normal.woff2' });
    await app.close();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ resultCode: 1000003, msg: expect.stringContaining('build-font-manifest') });
    expect(file.statusCode).toBe(503);
  });
});
