import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { cropPng, holeMask, psnr } from '../models/inpaint/inpaint.testkit';
import { LocalDiskStorage } from '../storage/localDiskStorage';
import { meanInRect, readPhoto } from '../testing/testPhotos';
import { PREVIEW_MAX_PIXELS, registerDetectRoutes, type SubjectSegmenter } from './detectRoutes';
import { absoluteUrlMaker } from '../security/requestUrl';

let root: string;
let storage: LocalDiskStorage;
const apps: FastifyInstance[] = [];

async function makeApp(segmentSubject?: SubjectSegmenter): Promise<FastifyInstance> {
  const app = Fastify();
  registerDetectRoutes(app, { storage, absolute: absoluteUrlMaker(null), segmentSubject });
  await app.ready();
  apps.push(app);
  return app;
}

async function upload(name: string, body: Buffer): Promise<string> {
  await storage.put(`uploads/web/${name}`, body);
  return `http://localhost:80/files/uploads/web/${name}`;
}

async function greyOf(png: Buffer) {
  const { data, info } = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height, channels: (await sharp(png).metadata()).channels };
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'detect-routes-'));
  storage = new LocalDiskStorage(root);
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await rm(root, { recursive: true, force: true });
});

describe('POST /api/detect/subject', () => {
  it('masks the astronaut (real IS-Net) and stores the mask as an upload-like PNG', async () => {
    const app = await makeApp();
    const imgUrl = await upload('astronaut.jpg', await readPhoto('astronaut'));
    const res = await app.inject({ method: 'POST', url: '/api/detect/subject', payload: { imgUrl } });
    const body = res.json();
    expect(body).toMatchObject({ resultCode: ResultCode.SUCCESS, data: { width: 512, height: 512 } });
    expect(body.data.maskUrl).toMatch(/^http:\/\/localhost(:80)?\/files\/uploads\/detect\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f-]+\.png$/);
    expect(body.data.coverage).toBeGreaterThan(0.2);
    expect(body.data.coverage).toBeLessThan(0.9);
    const key = new URL(body.data.maskUrl).pathname.slice('/files/'.length);
    const mask = await greyOf((await storage.get(key))!.body);
    expect([mask.width, mask.height, mask.channels]).toEqual([512, 512, 1]);
    expect(meanInRect(mask.data, 512, { x: 180, y: 50, w: 80, h: 80 })).toBe(255); // face
    expect(meanInRect(mask.data, 512, { x: 0, y: 0, w: 60, h: 60 })).toBe(0); // background
  });

  it('answers maskUrl null when nothing stands out', async () => {
    const app = await makeApp(async () => ({ alpha: new Uint8Array(40 * 30), width: 40, height: 30 }));
    const imgUrl = await upload(
      'blank.png',
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#888' } })
        .png()
        .toBuffer(),
    );
    const res = await app.inject({ method: 'POST', url: '/api/detect/subject', payload: { imgUrl } });
    expect(res.json()).toMatchObject({ resultCode: ResultCode.SUCCESS, data: { maskUrl: null, coverage: 0 } });
  });

  it.each([
    [{}, /imgUrl is required/],
    [{ imgUrl: 'https://example.com/a.png' }, /uploaded to this server/],
    [{ imgUrl: '/files/uploads/web/missing.png' }, /names no stored file/],
  ])('rejects %j with PARAMS_INVALID', async (payload, message) => {
    const app = await makeApp(async () => {
      throw new Error('must not run');
    });
    const res = await app.inject({ method: 'POST', url: '/api/detect/subject', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ resultCode: ResultCode.PARAMS_INVALID, msg: expect.stringMatching(message) });
  });

  it('says PARAMS_INVALID when the upload is not a picture', async () => {
    const app = await makeApp();
    const imgUrl = await upload('notes.png', Buffer.from('not a picture'));
    const res = await app.inject({ method: 'POST', url: '/api/detect/subject', payload: { imgUrl } });
    expect(res.json()).toMatchObject({ resultCode: ResultCode.PARAMS_INVALID, msg: expect.stringContaining('cannot be read') });
  });
});

describe('POST /api/inpaint/preview', () => {
  const HOLE = { x: 50, y: 40, w: 20, h: 20 };

  it('returns a PNG with the masked area filled and the rest unchanged', async () => {
    const app = await makeApp();
    const photo = await cropPng(await readPhoto('chelsea'), { x: 0, y: 0, w: 120, h: 100 });
    const imgUrl = await upload('cat.png', photo);
    const maskData = `data:image/png;base64,${(await holeMask(120, 100, [HOLE])).toString('base64')}`;
    const res = await app.inject({ method: 'POST', url: '/api/inpaint/preview', payload: { imgUrl, maskData } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const out = res.rawPayload;
    expect(await psnr(photo, out, HOLE)).toBeGreaterThan(22); // Telea on fur, measured ≈ 26
    expect(await psnr(photo, out, { x: 0, y: 0, w: 120, h: 30 })).toBe(Infinity);
  });

  it('scales big photos down to the preview budget', async () => {
    const app = await makeApp();
    const big = await sharp(await readPhoto('coffee'))
      .resize(2000, 1333, { fit: 'fill' })
      .jpeg()
      .toBuffer();
    const imgUrl = await upload('big.jpg', big);
    const maskUrl = await upload('big-mask.png', await holeMask(2000, 1333, [{ x: 900, y: 600, w: 60, h: 60 }]));
    const res = await app.inject({ method: 'POST', url: '/api/inpaint/preview', payload: { imgUrl, maskUrl } });
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.width! * meta.height!).toBeLessThanOrEqual(PREVIEW_MAX_PIXELS);
    expect(meta.width! / meta.height!).toBeCloseTo(2000 / 1333, 2);
  });

  it('rejects a missing or wrong-size mask with PARAMS_INVALID', async () => {
    const app = await makeApp();
    const imgUrl = await upload('cat2.png', await cropPng(await readPhoto('chelsea'), { x: 0, y: 0, w: 120, h: 100 }));
    const none = await app.inject({ method: 'POST', url: '/api/inpaint/preview', payload: { imgUrl } });
    expect(none.json()).toMatchObject({ resultCode: ResultCode.PARAMS_INVALID, msg: expect.stringContaining('mask is required') });
    const maskData = `data:image/png;base64,${(await holeMask(60, 50, [{ x: 10, y: 10, w: 10, h: 10 }])).toString('base64')}`;
    const wrong = await app.inject({ method: 'POST', url: '/api/inpaint/preview', payload: { imgUrl, maskData } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ resultCode: ResultCode.PARAMS_INVALID, msg: 'the mask is 60x50, the image is 120x100' });
  });
});
