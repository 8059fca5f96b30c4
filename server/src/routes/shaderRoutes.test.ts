import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decryptText } from '../../../engine/crypto/shaderCipher';
import { encodeGrainPng } from '../effects/grainTexture';
import { databaseTargets } from '../testing/testDatabases';
import { startTestServer } from '../testing/testServer';
import { registerShaderRoutes } from './shaderRoutes';
import { forgetProcessConfig } from '../config/processConfig';

const ADJUST = 'precision mediump float;\nvarying vec2 uv;\nuniform float brightness;\nvoid main() { gl_FragColor = vec4(brightness); }\n';
const VERT = 'attribute vec2 p;\nvoid main() { gl_Position = vec4(p, 0.0, 1.0); }\n';

let root: string;
let shadersDir: string;
const apps: FastifyInstance[] = [];

async function makeApp(options: Parameters<typeof registerShaderRoutes>[1] = {}): Promise<FastifyInstance> {
  const app = Fastify();
  registerShaderRoutes(app, { shadersDir, ...options });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'shaders-'));
  shadersDir = path.join(root, 'shaders');
  await mkdir(shadersDir);
  await writeFile(path.join(shadersDir, 'adjust.frag'), ADJUST);
  await writeFile(path.join(shadersDir, 'quad.vert'), VERT);
  await writeFile(path.join(shadersDir, 'notes.txt'), 'not a shader');
  await mkdir(path.join(shadersDir, 'folder.frag'));
  await writeFile(path.join(root, 'secret.frag'), 'outside the shaders folder');
  await symlink(path.join(root, 'secret.frag'), path.join(shadersDir, 'link.frag'));
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await rm(root, { recursive: true, force: true });
});

describe('GET /raw/gl/:file', () => {
  afterEach(() => {
    delete process.env.SHADER_PLAIN;
    forgetProcessConfig();
  });

  it('answers the encrypted shader by default, which decryptText turns back into the file', async () => {
    const app = await makeApp();
    const res = await app.inject({ url: '/raw/gl/adjust.frag' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-shader-encoding']).toBe('aes-256-gcm');
    expect(res.body).not.toContain('gl_FragColor');
    expect(await decryptText(res.body)).toBe(ADJUST);
    const vert = await app.inject({ url: '/raw/gl/quad.vert' });
    expect(await decryptText(vert.body)).toBe(VERT);
  });

  it('answers the plain text with ?plain=1', async () => {
    const app = await makeApp();
    const res = await app.inject({ url: '/raw/gl/adjust.frag?plain=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-shader-encoding']).toBe('plain');
    expect(res.body).toBe(ADJUST);
  });

  it('answers plain text to everyone in plain mode (SHADER_PLAIN=1)', async () => {
    process.env.SHADER_PLAIN = '1';
    forgetProcessConfig(); // the configuration is read once; this test changes it
    const app = await makeApp();
    const res = await app.inject({ url: '/raw/gl/adjust.frag' });
    expect(res.body).toBe(ADJUST);
    expect(res.headers['x-shader-encoding']).toBe('plain');
    expect((await (await makeApp({ plain: false })).inject({ url: '/raw/gl/adjust.frag' })).body).not.toBe(ADJUST);
  });

  it('caches the encrypted reply, with an ETag that answers 304', async () => {
    const app = await makeApp();
    const first = await app.inject({ url: '/raw/gl/adjust.frag' });
    const second = await app.inject({ url: '/raw/gl/adjust.frag' });
    expect(second.body).toBe(first.body);
    expect(first.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    const plain = await app.inject({ url: '/raw/gl/adjust.frag?plain=1' });
    expect(plain.headers.etag).not.toBe(first.headers.etag);
    const again = await app.inject({ url: '/raw/gl/adjust.frag', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves an edited file without a restart', async () => {
    const app = await makeApp();
    const file = path.join(shadersDir, 'edited.frag');
    await writeFile(file, 'void main() {}\n');
    expect((await app.inject({ url: '/raw/gl/edited.frag?plain=1' })).body).toBe('void main() {}\n');
    await writeFile(file, 'void main() { discard; }\n');
    await utimes(file, new Date(), new Date(Date.now() + 5000));
    expect((await app.inject({ url: '/raw/gl/edited.frag?plain=1' })).body).toBe('void main() { discard; }\n');
    expect(await decryptText((await app.inject({ url: '/raw/gl/edited.frag' })).body)).toBe('void main() { discard; }\n');
    await rm(file);
    expect((await app.inject({ url: '/raw/gl/edited.frag' })).statusCode).toBe(404);
  });

  it('refuses unknown files, other extensions, symlinks, folders and traversal with a 404 envelope', async () => {
    const app = await makeApp();
    for (const url of [
      '/raw/gl/missing.frag',
      '/raw/gl/notes.txt',
      '/raw/gl/folder.frag',
      '/raw/gl/link.frag',
      '/raw/gl/ADJUST.frag',
      '/raw/gl/..%2Fsecret.frag',
      '/raw/gl/%2e%2e%2fsecret.frag',
      '/raw/gl/..%2F..%2Fpackage.json',
      '/raw/gl/adjust.frag%00.txt',
      '/raw/gl/',
    ]) {
      const res = await app.inject({ url: `${url}?plain=1` });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('outside the shaders folder');
      if (url !== '/raw/gl/') expect(res.json(), url).toEqual({ resultCode: -102, msg: 'shader not found', data: null });
    }
  });

  it('answers 404 when the shaders folder does not exist', async () => {
    const app = await makeApp({ shadersDir: path.join(root, 'nowhere') });
    expect((await app.inject({ url: '/raw/gl/adjust.frag' })).statusCode).toBe(404);
  });
});

describe('GET /img/texture/:name', () => {
  it('serves the 1024×1024 greyscale grain PNG under both names, with a long cache', async () => {
    const app = await makeApp();
    const png = await app.inject({ url: '/img/texture/grain.png' });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['cache-control']).toMatch(/max-age=\d{8,}/);
    const meta = await sharp(png.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(['png', 1024, 1024, 1]);
    const bare = await app.inject({ url: '/img/texture/grain' });
    expect(bare.rawPayload.equals(png.rawPayload)).toBe(true);
    const cached = await app.inject({ url: '/img/texture/grain.png', headers: { 'if-none-match': String(png.headers.etag) } });
    expect(cached.statusCode).toBe(304);
  });

  it('is byte-identical across app instances and equal to encodeGrainPng', async () => {
    const one = await (await makeApp()).inject({ url: '/img/texture/grain.png' });
    const two = await (await makeApp()).inject({ url: '/img/texture/grain.png' });
    expect(two.rawPayload.equals(one.rawPayload)).toBe(true);
    expect(one.rawPayload.equals(await encodeGrainPng())).toBe(true);
    const seeded = await (await makeApp({ grainSeed: 7 })).inject({ url: '/img/texture/grain.png' });
    expect(seeded.rawPayload.equals(one.rawPayload)).toBe(false);
  });

  it('refuses any other texture name', async () => {
    const app = await makeApp();
    for (const url of ['/img/texture/grain.jpg', '/img/texture/noise.png', '/img/texture/..%2Fgrain.png']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ resultCode: -102, msg: 'texture not found', data: null });
    }
  });
});

describe('the app serves shaders and the grain texture', () => {
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

  it('answers /img/texture/grain.png and 404s an unknown shader instead of the web app', async () => {
    expect((await server.app.inject({ url: '/img/texture/grain.png' })).headers['content-type']).toBe('image/png');
    const missing = await server.app.inject({ url: '/raw/gl/no-such-shader.frag' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toMatch(/<div id="root">/);
  });
});
