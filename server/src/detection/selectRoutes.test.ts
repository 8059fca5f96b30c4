import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { embeddingKey } from '../models/minisam/embeddingCache';
import { decodeSelection, encodeImage } from '../models/minisam/minisam';
import { LocalDiskStorage } from '../storage/localDiskStorage';
import { meanInRect, readPhoto } from '../testing/testPhotos';
import { registerSelectRoutes, type SelectModel } from './selectRoutes';

let root: string;
let storage: LocalDiskStorage;
let app: FastifyInstance;
let encodes = 0;
// The real MiniSAM, run in this process (the heavy-work threads are the server's business, not this test's).
const model: SelectModel = {
  encode: (image) => {
    encodes++;
    return encodeImage(image);
  },
  decode: decodeSelection,
};

async function upload(name: string, body: Buffer): Promise<string> {
  await storage.put(`uploads/web/${name}`, body);
  return `http://localhost:80/files/uploads/web/${name}`;
}

async function grey(png: Buffer) {
  const { data, info } = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'select-routes-'));
  storage = new LocalDiskStorage(root);
  app = Fastify();
  registerSelectRoutes(app, { storage, model });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await rm(root, { recursive: true, force: true });
});

describe('click-to-select (real MiniSAM on the astronaut photo)', () => {
  let imgUrl: string;
  beforeAll(async () => {
    imgUrl = await upload('astronaut.jpg', await readPhoto('astronaut'));
  });

  it('embeds once, stores the embedding with the upload, and answers the size', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/detect/embed', payload: { imgUrl } });
    expect(res.json()).toMatchObject({ resultCode: ResultCode.SUCCESS, data: { width: 512, height: 512 } });
    expect(await storage.exists(embeddingKey('uploads/web/astronaut.jpg'))).toBe(true);
    await app.inject({ method: 'POST', url: '/api/detect/embed', payload: { imgUrl } });
    expect(encodes).toBe(1);
  }, 120_000);

  it('a click selects the astronaut, an exclude click takes the suit away, a box selects what it frames', async () => {
    const select = async (payload: object) => {
      const res = await app.inject({ method: 'POST', url: '/api/detect/select', payload: { imgUrl, ...payload } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      return grey(res.rawPayload);
    };
    const face = { x: 205, y: 95, w: 30, h: 30 };
    const suit = { x: 155, y: 385, w: 30, h: 30 };
    const corner = { x: 0, y: 0, w: 60, h: 60 };
    const one = await select({ points: [{ x: 220, y: 110, include: true }] });
    expect([one.width, one.height]).toEqual([512, 512]);
    expect(meanInRect(one.data, 512, face)).toBeGreaterThan(240);
    expect(meanInRect(one.data, 512, suit)).toBeGreaterThan(180);
    expect(meanInRect(one.data, 512, corner)).toBeLessThan(20);

    const two = await select({
      points: [
        { x: 220, y: 110, include: true },
        { x: 170, y: 400, include: false },
      ],
    });
    expect(meanInRect(two.data, 512, face)).toBeGreaterThan(240);
    expect(meanInRect(two.data, 512, suit)).toBeLessThan(20);

    const boxed = await select({ box: { x0: 280, y0: 180, x1: 170, y1: 50 } }); // corners in any order
    expect(meanInRect(boxed.data, 512, face)).toBeGreaterThan(240);
    expect(meanInRect(boxed.data, 512, suit)).toBeLessThan(20);
    expect(encodes).toBe(1); // clicks reuse the cached embedding
  }, 120_000);

  it.each([
    [{}, /imgUrl and at most/],
    [{ imgUrl: 'https://example.com/a.png', points: [{ x: 1, y: 1, include: true }] }, /uploaded to this server/],
    [{ imgUrl: '/files/uploads/web/missing.jpg', points: [{ x: 1, y: 1, include: true }] }, /names no stored file/],
    [{ imgUrl: '/files/uploads/web/astronaut.jpg', points: [] }, /at least one point/],
    [{ imgUrl: '/files/uploads/web/astronaut.jpg', points: [{ x: 5, y: 5, include: false }] }, /include point/],
    [{ imgUrl: '/files/uploads/web/astronaut.jpg', points: [{ x: 900, y: 5, include: true }] }, /inside the picture \(512×512\)/],
    [{ imgUrl: '/files/uploads/web/astronaut.jpg', points: [{ x: 'a', y: 5, include: true }] }, /imgUrl and at most/],
  ])(
    'refuses %j with PARAMS_INVALID',
    async (payload, message) => {
      const res = await app.inject({ method: 'POST', url: '/api/detect/select', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ resultCode: ResultCode.PARAMS_INVALID, msg: expect.stringMatching(message) });
    },
    60_000,
  );

  it('a damaged picture gets PARAMS_INVALID, not a crash', async () => {
    const bad = await upload('broken.jpg', Buffer.from('not really a jpeg'));
    const res = await app.inject({ method: 'POST', url: '/api/detect/embed', payload: { imgUrl: bad } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ resultCode: ResultCode.PARAMS_INVALID, msg: expect.stringMatching(/cannot be read/) });
  });
});
