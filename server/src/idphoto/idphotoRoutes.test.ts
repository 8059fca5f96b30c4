import { createHash } from 'node:crypto';
/**
 * The free ID photo routes (issue 29, "What to build" 1) on a stored portrait of a real photo (the
 * astronaut, with a person matte and head measures set by hand so no model runs here), rendered by the
 * real renderer in this thread: a photo never analysed answers 404 idphoto:analysisGone, a stored one
 * renders every template and colour for free, and a template whose rules refuse a finding answers it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import type { IdPhotoAdvice } from '../../../engine/idphoto/checks';
import { findIdPhotoTemplate } from '../../../engine/idphoto/templates';
import { ownedPortraitId, savePortrait } from './portraitStore';
import { renderFromFiles } from './renderFree';
import { Upright } from './upright';
import { LocalDiskStorage } from '../storage/localDiskStorage';
import { readPhoto } from '../testing/testPhotos';
import { registerIdPhotoRoutes } from './idphotoRoutes';

let root: string;
let storage: LocalDiskStorage;
let app: FastifyInstance;

/** The astronaut (512², head from y≈40 to ≈215 around x≈245) with an elliptical head-and-shoulders matte. */
async function storeAstronaut(hash: string, advice: IdPhotoAdvice[], owner = CALLER) {
  const photo = await readPhoto('astronaut');
  const { data, info } = await sharp(photo).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const head = ((x - 245) / 90) ** 2 + ((y - 128) / 95) ** 2 <= 1;
      const body = y > 190 && Math.abs(x - 250) < 200;
      data[(y * info.width + x) * 4 + 3] = head || body ? 255 : 0;
    }
  }
  const centre = { x: 245, y: 120 };
  await savePortrait(storage, ownedPortraitId(owner, hash), {
    width: info.width,
    height: info.height,
    centre,
    rollDeg: 0,
    head: { crownY: 40, chinY: 215, centreX: 245, eyeY: 120 },
    faceWidth: 120,
    advice,
    k: 1,
    cutout: { data, width: info.width, height: info.height },
    upright: new Upright(centre, 0),
  });
}

/** The owner of this file's requests: app.inject comes from 127.0.0.1 without a device id (requestOwner.ts). */
const CALLER = createHash('sha256').update('address:127.0.0.1').digest('hex');
const HASH = 'a'.repeat(64);
const OTHERS = 'd'.repeat(64);
const SUNGLASSES = 'b'.repeat(64);
const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'idphoto-routes-'));
  storage = new LocalDiskStorage(root);
  await storeAstronaut(HASH, ['mouthOpen']);
  await storeAstronaut(SUNGLASSES, ['sunglasses']);
  await storeAstronaut(OTHERS, [], 'someone-else');
  app = Fastify();
  registerIdPhotoRoutes(app, { storage, render: renderFromFiles });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await rm(root, { recursive: true, force: true });
});

describe('POST /api/idphoto/render', () => {
  it('a photo never analysed: 404 with idphoto:analysisGone, so the page offers the paid analysis', async () => {
    const r = await post('/api/idphoto/render', { photoHash: 'c'.repeat(64), templateId: 'us-passport' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ resultCode: ResultCode.PARAMS_INVALID, msg: expect.stringContaining('idphoto:analysisGone') });
  });

  it("another owner's analysis of the same photo is not the caller's: 404, the caller pays for their own", async () => {
    const r = await post('/api/idphoto/render', { photoHash: OTHERS, templateId: 'us-passport' });
    expect(r.statusCode).toBe(404);
    expect(r.json().msg).toContain('idphoto:analysisGone');
  });

  it('bad input answers 400 PARAMS_INVALID', async () => {
    for (const body of [
      { templateId: 'us-passport' },
      { photoHash: 'xyz', templateId: 'us-passport' },
      { photoHash: HASH, templateId: 'nowhere' },
      { photoHash: HASH, templateId: 'us-passport', bgColor: '#123456' },
    ]) {
      const r = await post('/api/idphoto/render', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().resultCode).toBe(ResultCode.PARAMS_INVALID);
    }
  });

  it('renders any template and colour of a stored photo, with its advice', async () => {
    for (const [templateId, bgColor] of [
      ['id-pas-foto-3x4', '#438EDB'],
      ['id-pas-foto-3x4', '#D9161B'],
      ['ca-passport', '#FFFFFF'],
    ]) {
      const r = await post('/api/idphoto/render', { photoHash: HASH, templateId, bgColor });
      expect(r.statusCode, templateId).toBe(200);
      expect(r.headers['content-type']).toBe('image/jpeg');
      expect(r.headers['x-idphoto-advice']).toBe('mouthOpen');
      const t = findIdPhotoTemplate(templateId)!;
      const meta = await sharp(r.rawPayload).metadata();
      expect([meta.width, meta.height, meta.density]).toEqual([t.pixelWidth, t.pixelHeight, t.dpi]);
      const { data } = await sharp(r.rawPayload).extract({ left: 1, top: 1, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
      const want = parseInt(bgColor.slice(1), 16);
      expect(Math.abs(data[0] - (want >> 16)) + Math.abs(data[1] - ((want >> 8) & 255)) + Math.abs(data[2] - (want & 255))).toBeLessThan(20);
    }
  });

  it('sunglasses: a passport refuses them, a general document photo advises', async () => {
    const refused = await post('/api/idphoto/render', { photoHash: SUNGLASSES, templateId: 'us-passport' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ resultCode: ResultCode.PRE_PROCESS_FAILED, msg: expect.stringContaining('idphoto:sunglasses') });
    const advised = await post('/api/idphoto/render', { photoHash: SUNGLASSES, templateId: 'id-pas-foto-3x4' });
    expect(advised.statusCode).toBe(200);
    expect(advised.headers['x-idphoto-advice']).toBe('sunglasses');
  });
});

describe('POST /api/idphoto/portrait', () => {
  it('gives the stored advice, or 404 when there is none', async () => {
    expect((await post('/api/idphoto/portrait', { photoHash: HASH })).json().data).toEqual({ advice: ['mouthOpen'], width: 512, height: 512 });
    expect((await post('/api/idphoto/portrait', { photoHash: 'd'.repeat(64) })).statusCode).toBe(404);
  });
});
