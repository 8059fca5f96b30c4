import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { addScratches, typicalScratches } from '../models/scratchDetect/syntheticScratches';
import { addTextWatermark } from '../models/textDetect/syntheticWatermark';
import { contentTypeForKey, type FileStorage } from '../storage/storage';
import { readPhoto } from '../testing/testPhotos';
import { registerDetectTextRoutes } from './detectTextRoutes';
import { absoluteUrlMaker } from '../security/requestUrl';

/** Storage in memory: enough for routes that only put and get. */
function memoryStorage(): FileStorage & { files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>();
  return {
    files,
    put: async (key, body) => void files.set(key, body),
    get: async (key) => (files.has(key) ? { body: files.get(key)!, contentType: contentTypeForKey(key) } : null),
    exists: async (key) => files.has(key),
    delete: async (key) => void files.delete(key),
  };
}

const storage = memoryStorage();
let app: FastifyInstance;

beforeAll(async () => {
  const wm = await addTextWatermark(await readPhoto('chelsea'), [{ text: 'SAMPLE PREVIEW', x: 30, y: 90, size: 40, bold: true, opacity: 0.7 }]);
  await storage.put('uploads/web/2026/11/21/marked.png', wm.marked, 'image/png');
  const sc = await addScratches(await readPhoto('chelsea'), typicalScratches(451, 300));
  await storage.put('uploads/web/2026/11/21/scratched.png', sc.scratched, 'image/png');
  await storage.put('uploads/web/2026/11/21/plain.jpg', await readPhoto('astronaut'), 'image/jpeg');
  await storage.put('uploads/web/2026/11/21/broken.png', Buffer.from('not a picture'), 'image/png');
  await storage.put('results/abc.png', wm.marked, 'image/png');
  app = Fastify();
  registerDetectTextRoutes(app, { storage, absolute: absoluteUrlMaker('https://photos.example.org') });
  await app.ready();
});
afterAll(() => app.close());

const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object });

/** The stored mask behind a returned URL, as bytes. */
async function storedMask(maskUrl: string) {
  const key = new URL(maskUrl).pathname.replace('/files/', '');
  expect(key).toMatch(/^uploads\/masks\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f-]{36}\.png$/);
  const png = storage.files.get(key)!;
  const { data, info } = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data, info };
}

describe('POST /api/detect/text', () => {
  it('stores a mask of the text and returns its URL and boxes', async () => {
    const res = await post('/api/detect/text', { imgUrl: '/files/uploads/web/2026/11/21/marked.png' });
    expect(res.statusCode).toBe(200);
    const { resultCode, data } = res.json();
    expect(resultCode).toBe(ResultCode.SUCCESS);
    expect(data.maskUrl).toMatch(/^https:\/\/photos\.example\.org\/files\/uploads\/masks\//);
    expect([data.width, data.height]).toEqual([451, 300]);
    expect(data.boxes).toHaveLength(1);
    expect(data.boxes[0].score).toBeGreaterThan(0.5);
    const { data: mask, info } = await storedMask(data.maskUrl);
    expect([info.width, info.height]).toEqual([451, 300]);
    expect(mask[75 * 451 + 100]).toBe(255); // inside the caption
    expect(mask[250 * 451 + 100]).toBe(0); // the cat's chin
  });

  it('answers with no boxes and a black mask for a photo without text', async () => {
    const { data } = (await post('/api/detect/text', { imgUrl: 'http://any.host/files/uploads/web/2026/11/21/plain.jpg' })).json();
    expect(data.boxes).toEqual([]);
    const { data: mask } = await storedMask(data.maskUrl);
    expect(mask.every((v) => v === 0)).toBe(true);
  });
});

describe('POST /api/detect/scratches', () => {
  it('stores the suggested scratch mask', async () => {
    const res = await post('/api/detect/scratches', { imgUrl: '/files/uploads/web/2026/11/21/scratched.png' });
    const { resultCode, data } = res.json();
    expect(resultCode).toBe(ResultCode.SUCCESS);
    expect(data.boxes.length).toBeGreaterThan(0);
    const { data: mask } = await storedMask(data.maskUrl);
    expect(mask.some((v) => v === 255)).toBe(true);
  });
});

describe('detect routes: bad input', () => {
  it.each([
    [{}, 'imgUrl is required'],
    [{ imgUrl: 'https://example.com/cat.jpg' }, 'uploaded to this server'],
    [{ imgUrl: '/files/results/abc.png' }, 'uploaded to this server'],
    [{ imgUrl: '/files/uploads/../results/abc.png' }, 'uploaded to this server'],
    [{ imgUrl: '/files/uploads/web/2026/11/21/gone.png' }, 'no stored file'],
    [{ imgUrl: '/files/uploads/web/2026/11/21/broken.png' }, 'cannot be read'],
  ])('%j → PARAMS_INVALID', async (payload, msg) => {
    for (const url of ['/api/detect/text', '/api/detect/scratches']) {
      const res = await post(url, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ resultCode: ResultCode.PARAMS_INVALID, data: null });
      expect(res.json().msg).toContain(msg);
    }
  });
});
