import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import type { Database } from '../db/database';
import { PictureStatus, type NsfwProbabilities } from '../models/nsfw/pictureDecision';
import { createNsfwPictureReviewer, UndecodablePictureError, type PictureReviewer } from '../models/nsfw/pictureReviewer';
import { contentTypeForKey, type FileStorage } from '../storage/storage';
import { readPhoto } from '../testing/testPhotos';
import { multipart as multipartBody } from '../testing/testServer';
import { registerPictureReviewRoutes, uploadedKeyFromUrl } from './pictureReviewRoutes';
import { absoluteUrlMaker } from '../security/requestUrl';
import { registerUploadRoutes } from '../routes/uploadRoutes';

/** Storage in memory: enough for routes that only put and get. */
function memoryStorage(initial: Record<string, Buffer> = {}): FileStorage {
  const files = new Map(Object.entries(initial));
  return {
    put: async (key, body) => void files.set(key, body),
    get: async (key) => (files.has(key) ? { body: files.get(key)!, contentType: contentTypeForKey(key) } : null),
    exists: async (key) => files.has(key),
    delete: async (key) => void files.delete(key),
  };
}

const NEUTRAL: NsfwProbabilities = { Drawing: 0, Hentai: 0, Neutral: 1, Porn: 0, Sexy: 0 };

/** A reviewer that answers from the file's bytes and records what it was shown. */
function fakeReviewer() {
  const seen: string[] = [];
  const reviewer: PictureReviewer = {
    async review(image) {
      const text = image.toString();
      seen.push(text);
      if (text === 'explicit') return { status: PictureStatus.REJECTED, probabilities: { ...NEUTRAL, Neutral: 0, Porn: 0.97 } };
      if (text === 'garbage') throw new UndecodablePictureError('not a readable image');
      if (text === 'crash') throw new Error('worker exited');
      return { status: PictureStatus.PASSED, probabilities: NEUTRAL };
    },
  };
  return { reviewer, seen };
}

const apps: FastifyInstance[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

async function makeApp(deps: Parameters<typeof registerPictureReviewRoutes>[1]): Promise<FastifyInstance> {
  const app = Fastify();
  registerPictureReviewRoutes(app, deps);
  await app.ready();
  apps.push(app);
  return app;
}

const review = (app: FastifyInstance, payload: unknown) => app.inject({ method: 'POST', url: '/api/pic-review', payload: payload as object });

describe('uploadedKeyFromUrl', () => {
  it('maps our file URLs (relative or absolute) to upload keys and nothing else', () => {
    expect(uploadedKeyFromUrl('/files/uploads/web/2026/11/21/a.jpg')).toBe('uploads/web/2026/11/21/a.jpg');
    expect(uploadedKeyFromUrl('https://photos.example.org/files/uploads/web/a.jpg?x=1')).toBe('uploads/web/a.jpg');
    for (const url of [
      'https://example.com/cat.jpg',
      '/files/results/abc.png', // a task result, not an upload
      '/files/projects/owner/p/assets/a.png', // private project data
      '/files/uploads/../projects/x.png',
      '/files/uploads/%2e%2e/projects/x.png',
      '/files/uploads/%E0%A4%A.jpg', // broken escape
      'file:///etc/passwd',
      'not a url',
    ]) {
      expect(uploadedKeyFromUrl(url), url).toBeNull();
    }
  });
});

describe('POST /api/pic-review (fake reviewer)', () => {
  const storage = memoryStorage({
    'uploads/web/2026/11/21/ok.jpg': Buffer.from('fine'),
    'uploads/web/2026/11/21/bad.jpg': Buffer.from('explicit'),
    'uploads/web/2026/11/21/garbage.jpg': Buffer.from('garbage'),
    'uploads/web/2026/11/21/crash.jpg': Buffer.from('crash'),
    'results/r.png': Buffer.from('fine'),
  });
  const fake = fakeReviewer();

  it('answers status 1 for a picture that passes and 2 for one that is rejected, and nothing more', async () => {
    const app = await makeApp({ storage, reviewer: fake.reviewer });
    const passed = await review(app, { imgUrl: 'http://localhost/files/uploads/web/2026/11/21/ok.jpg' });
    expect(passed.statusCode).toBe(200);
    expect(passed.json()).toEqual({ resultCode: ResultCode.SUCCESS, msg: 'success', data: { status: 1 } });
    const rejected = await review(app, { imgUrl: '/files/uploads/web/2026/11/21/bad.jpg' });
    expect(rejected.json()).toEqual({ resultCode: ResultCode.SUCCESS, msg: 'success', data: { status: 2 } });
    expect(fake.seen).toEqual(['fine', 'explicit']);
  });

  it('refuses a missing or malformed imgUrl, other sites, non-upload keys and missing files with PARAMS_INVALID', async () => {
    const app = await makeApp({ storage, reviewer: fake.reviewer });
    const before = fake.seen.length;
    for (const payload of [
      {},
      { imgUrl: '' },
      { imgUrl: 42 },
      { imgUrl: 'https://example.com/cat.jpg' },
      { imgUrl: '/files/results/r.png' },
      { imgUrl: '/files/uploads/web/2026/11/21/missing.jpg' },
      { imgUrl: `/files/uploads/${'a'.repeat(3000)}.jpg` },
    ]) {
      const res = await review(app, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().resultCode).toBe(ResultCode.PARAMS_INVALID);
      expect(res.json().data).toBeNull();
    }
    expect(fake.seen.length).toBe(before); // the reviewer never saw any of them
  });

  it('answers PARAMS_INVALID for a stored file that is not a picture, SERVER_ERROR when the model fails', async () => {
    const app = await makeApp({ storage, reviewer: fake.reviewer });
    const garbage = await review(app, { imgUrl: '/files/uploads/web/2026/11/21/garbage.jpg' });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toMatchObject({ resultCode: ResultCode.PARAMS_INVALID, msg: 'imgUrl is not a picture' });
    const crash = await review(app, { imgUrl: '/files/uploads/web/2026/11/21/crash.jpg' });
    expect(crash.statusCode).toBe(500);
    expect(crash.json()).toMatchObject({ resultCode: ResultCode.SERVER_ERROR, data: null });
  });
});

describe('POST /api/pic-review after a real upload, real nsfwjs model', () => {
  const reviewer = createNsfwPictureReviewer();
  afterAll(() => reviewer.close());

  it('reviews the fileUrl the single upload returned: a photo of a person passes', async () => {
    const storage = memoryStorage();
    const db = {
      kind: 'pglite',
      query: async () => ({ rows: [] }),
      exec: async () => undefined,
      close: async () => undefined,
      transaction: async () => undefined,
    } as unknown as Database;
    const app = Fastify();
    await app.register(multipart);
    registerUploadRoutes(app, { storage, db, absolute: absoluteUrlMaker(null) });
    registerPictureReviewRoutes(app, { storage, reviewer });
    apps.push(app);

    const body = multipartBody([
      { name: 'file', value: await readPhoto('astronaut'), filename: 'astronaut.jpg', type: 'image/jpeg' },
      { name: 'data', value: JSON.stringify({ func: 'contentReview', fileType: 'jpg', subDir: 'web' }) },
    ]);
    const upload = await app.inject({ method: 'POST', url: '/api/upload', ...body });
    expect(upload.json().resultCode).toBe(ResultCode.SUCCESS);
    const fileUrl: string = upload.json().data.fileUrl;
    expect(fileUrl).toMatch(/^http:\/\/localhost(:\d+)?\/files\/uploads\/web\//);

    const res = await review(app, { imgUrl: fileUrl });
    expect(res.json()).toEqual({ resultCode: ResultCode.SUCCESS, msg: 'success', data: { status: PictureStatus.PASSED } });
  }, 120_000);
});
