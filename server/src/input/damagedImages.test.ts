/**
 * Damaged pictures that reached storage some other way (older uploads, masks) are the caller's input,
 * not a server fault (issue 16, findings 3 and 10): detection routes answer 400 with -102 and store no mask,
 * and the scratch task reports -102 instead of GPU_HANDLE_FAILED (-1003).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { makeTestContext, type TestContext } from '../models/inpaint/inpaint.testkit';
import { registerDetectRoutes } from '../detection/detectRoutes';
import { registerDetectTextRoutes } from '../detection/detectTextRoutes';
import { absoluteUrlMaker } from '../security/requestUrl';
import { contentTypeForKey, type FileStorage } from '../storage/storage';
import { descratchProcessor } from '../processors/descratch';
import { ApiError } from '../envelope';
import { forgedJpeg, truncatedJpeg } from './imageFixtures';

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

describe('detection routes on a damaged JPEG', () => {
  const storage = memoryStorage();
  let app: FastifyInstance;
  beforeAll(async () => {
    await storage.put('uploads/web/2026/11/24/cut.jpg', await truncatedJpeg(), 'image/jpeg');
    await storage.put('uploads/web/2026/11/24/forged.jpg', await forgedJpeg(), 'image/jpeg');
    app = Fastify();
    const absolute = absoluteUrlMaker('https://photos.example.org');
    registerDetectTextRoutes(app, { storage, absolute });
    registerDetectRoutes(app, { storage, absolute });
    await app.ready();
  });
  afterAll(() => app.close());

  for (const route of ['/api/detect/text', '/api/detect/scratches', '/api/detect/subject']) {
    for (const name of ['cut.jpg', 'forged.jpg']) {
      it(`${route} answers -102 for ${name} and stores nothing`, async () => {
        const before = storage.files.size;
        const res = await app.inject({ method: 'POST', url: route, payload: { imgUrl: `/files/uploads/web/2026/11/24/${name}` } });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ resultCode: ResultCode.PARAMS_INVALID, msg: expect.stringMatching(/cannot be read|damaged|incomplete/) });
        expect(storage.files.size).toBe(before);
      });
    }
  }
});

describe('descratch on a damaged photo', () => {
  let open: TestContext | null = null;
  afterEach(async () => {
    await open?.cleanup();
    open = null;
  });

  it('fails with PARAMS_INVALID (-102), not GPU_HANDLE_FAILED (-1003)', async () => {
    open = await makeTestContext(await truncatedJpeg());
    const error = await descratchProcessor(open.ctx).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: ResultCode.PARAMS_INVALID, message: expect.stringMatching(/the photo cannot be read/) });
  });
});
