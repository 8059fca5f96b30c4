import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ResultCode } from '../../engine/spec/errors';
import type { Envelope, UploadInput, UploadOutput } from '../../machines/taskFlow.types';
import type { Database } from '../../server/src/db/database';
import { PictureStatus } from '../../server/src/models/nsfw/pictureDecision';
import type { PictureReviewer } from '../../server/src/models/nsfw/pictureReviewer';
import { registerPictureReviewRoutes } from '../../server/src/detection/pictureReviewRoutes';
import { absoluteUrlMaker } from '../../server/src/security/requestUrl';
import { registerUploadRoutes } from '../../server/src/routes/uploadRoutes';
import { contentTypeForKey, type FileStorage } from '../../server/src/storage/storage';
import { multipart as multipartBody } from '../../server/src/testing/testServer';
import { NetworkError } from '../api/apiClient';
import { fitWithin, reviewPicture, type PictureReviewDeps } from './pictureReview';

/** What a browser's canvas would do, done with sharp: fit inside maxSide, JPEG at quality. */
async function sharpToJpeg(file: Blob, maxSide: number, quality: number): Promise<Blob> {
  const input = Buffer.from(await file.arrayBuffer());
  const meta = await sharp(input).metadata();
  const size = fitWithin(meta.width!, meta.height!, maxSide);
  const jpeg = await sharp(input)
    .resize(size.width, size.height, { fit: 'fill' })
    .flatten({ background: '#fff' })
    .jpeg({ quality: Math.round(quality * 100) })
    .toBuffer();
  return new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' });
}

const picture = async (width: number, height: number, colour = '#3366cc') =>
  new Blob(
    [
      new Uint8Array(
        await sharp({ create: { width, height, channels: 3, background: colour } })
          .png()
          .toBuffer(),
      ),
    ],
    { type: 'image/png' },
  );

const FILE_URL = 'http://localhost/files/uploads/web/2026/11/21/a.jpg';
const uploaded = (fileUrl = FILE_URL): Envelope<UploadOutput> => ({ resultCode: ResultCode.SUCCESS, msg: 'success', data: { fileUrl } });
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Fakes for every dependency; `review` is what the review call answers (a Response or a thrown error). */
function fakes(options: { upload?: () => Promise<Envelope<UploadOutput>>; review?: () => Promise<Response> } = {}) {
  const uploads: UploadInput[] = [];
  const reviewBodies: unknown[] = [];
  const logs: string[] = [];
  const deps: PictureReviewDeps = {
    toJpeg: vi.fn(async () => new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' })),
    upload: async (input) => {
      uploads.push(input);
      return options.upload ? options.upload() : uploaded();
    },
    fetch: (async (url: string, init: RequestInit) => {
      expect(url).toBe('/api/pic-review');
      expect(init.method).toBe('POST');
      reviewBodies.push(JSON.parse(init.body as string));
      return options.review ? options.review() : json({ resultCode: 100, msg: 'success', data: { status: 1 } });
    }) as typeof fetch,
    log: (message) => void logs.push(message),
  };
  return { deps, uploads, reviewBodies, logs };
}

describe('fitWithin', () => {
  it('caps the longest side at the limit, keeping the aspect ratio; smaller pictures stay as they are', () => {
    expect(fitWithin(4000, 3000, 1080)).toEqual({ width: 1080, height: 810 });
    expect(fitWithin(1000, 5000, 1080)).toEqual({ width: 216, height: 1080 });
    expect(fitWithin(1080, 1080, 1080)).toEqual({ width: 1080, height: 1080 });
    expect(fitWithin(640, 480, 1080)).toEqual({ width: 640, height: 480 });
    expect(fitWithin(20000, 1, 1080)).toEqual({ width: 1080, height: 1 });
  });
});

describe('reviewPicture', () => {
  it('uploads a 1080-capped JPEG (quality 0.9) as a single contentReview upload, then reviews its fileUrl', async () => {
    const f = fakes();
    f.deps.toJpeg = vi.fn(sharpToJpeg);
    const file = await picture(2400, 1600);
    expect(await reviewPicture(file, f.deps)).toEqual({ compliant: true });
    expect(f.deps.toJpeg).toHaveBeenCalledWith(file, 1080, 0.9);
    expect(f.uploads).toHaveLength(1);
    expect(f.uploads[0]).toMatchObject({ mode: 'single', func: 'contentReview', fileType: 'jpg' });
    const sent = await sharp(Buffer.from(await f.uploads[0].files[0].arrayBuffer())).metadata();
    expect([sent.format, sent.width, sent.height]).toEqual(['jpeg', 1080, 720]);
    expect(f.reviewBodies).toEqual([{ imgUrl: FILE_URL }]);
  });

  it('is not compliant when the server answers status 2', async () => {
    const f = fakes({ review: async () => json({ resultCode: 100, msg: 'success', data: { status: 2 } }) });
    expect(await reviewPicture(await picture(10, 10), f.deps)).toEqual({ compliant: false });
  });

  it('is compliant for any status other than 2', async () => {
    for (const data of [{ status: 1 }, { status: 0 }, { status: 3 }, {}, null]) {
      const f = fakes({ review: async () => json({ resultCode: 100, msg: 'success', data }) });
      expect(await reviewPicture(await picture(10, 10), f.deps), JSON.stringify(data)).toEqual({ compliant: true });
    }
  });

  it('is not compliant when the upload fails: network error, a non-100 code, or no fileUrl; the review is never called', async () => {
    const failures: Array<() => Promise<Envelope<UploadOutput>>> = [
      async () => {
        throw new NetworkError('network error');
      },
      async () => {
        throw new NetworkError('upload timed out', true);
      },
      async () => ({ resultCode: ResultCode.PARAMS_INVALID, msg: 'the file is larger than 30 MB', data: null }),
      async () => ({ resultCode: ResultCode.SERVER_ERROR, data: null }),
      async () => ({ resultCode: ResultCode.SUCCESS, msg: 'success', data: {} }),
    ];
    for (const upload of failures) {
      const f = fakes({ upload });
      expect(await reviewPicture(await picture(10, 10), f.deps)).toEqual({ compliant: false });
      expect(f.reviewBodies).toEqual([]);
      expect(f.logs).toEqual(['picture review: the upload failed, so the picture is rejected']);
    }
  });

  it('is not compliant when the picture cannot be prepared for upload', async () => {
    const f = fakes();
    f.deps.toJpeg = async () => {
      throw new Error('The source image could not be decoded.');
    };
    expect(await reviewPicture(new Blob(['not a picture']), f.deps)).toEqual({ compliant: false });
    expect(f.uploads).toEqual([]);
  });

  it('is compliant, and logs, when the review call fails: network error, non-JSON answer, or a non-100 code', async () => {
    const failures: Array<() => Promise<Response>> = [
      async () => {
        throw new TypeError('Failed to fetch');
      },
      async () => new Response('<html>502 Bad Gateway</html>', { status: 502 }),
      async () => json({ resultCode: ResultCode.SERVER_ERROR, msg: 'picture review failed', data: null }, 500),
      async () => json({ resultCode: ResultCode.PARAMS_INVALID, msg: 'imgUrl names no stored file', data: { status: 2 } }, 400),
    ];
    for (const review of failures) {
      const f = fakes({ review });
      expect(await reviewPicture(await picture(10, 10), f.deps)).toEqual({ compliant: true });
      expect(f.reviewBodies).toHaveLength(1);
      expect(f.logs).toEqual(['picture review: the review call failed, so the picture is accepted']);
    }
  });
});

describe('reviewPicture against the real upload and review routes (fake model)', () => {
  const files = new Map<string, Buffer>();
  const storage: FileStorage = {
    put: async (key, body) => void files.set(key, body),
    get: async (key) => (files.has(key) ? { body: files.get(key)!, contentType: contentTypeForKey(key) } : null),
    exists: async (key) => files.has(key),
    delete: async (key) => void files.delete(key),
  };
  const seen: Array<{ format?: string; width?: number; height?: number }> = [];
  // Stands in for the model: a mostly red picture plays the part of explicit content.
  const reviewer: PictureReviewer = {
    async review(image) {
      const { format, width, height } = await sharp(image).metadata();
      seen.push({ format, width, height });
      const { channels } = await sharp(image).stats();
      const red = channels[0].mean > 200 && channels[2].mean < 60;
      return { status: red ? PictureStatus.REJECTED : PictureStatus.PASSED, probabilities: { Drawing: 0, Hentai: 0, Neutral: 1, Porn: 0, Sexy: 0 } };
    },
  };
  let app: FastifyInstance;
  afterAll(() => app?.close());

  const deps = (): PictureReviewDeps => ({
    toJpeg: sharpToJpeg,
    // The same multipart form uploadFiles sends, injected into the app.
    upload: async (input) => {
      const body = multipartBody([
        { name: 'file', value: Buffer.from(await input.files[0].arrayBuffer()), filename: 'file0', type: input.files[0].type },
        { name: 'data', value: JSON.stringify({ func: input.func, fileType: input.fileType, subDir: 'web' }) },
      ]);
      return (await app.inject({ method: 'POST', url: '/api/upload', ...body })).json();
    },
    fetch: (async (url: string, init: RequestInit) => {
      const res = await app.inject({ method: 'POST', url, headers: init.headers as Record<string, string>, payload: init.body as string });
      return new Response(res.body, { status: res.statusCode });
    }) as typeof fetch,
  });

  it('rejects the "explicit" picture and passes the other, the server seeing 1080-capped JPEGs', async () => {
    app = Fastify();
    await app.register(multipart);
    const db = {
      kind: 'pglite',
      query: async () => ({ rows: [] }),
      exec: async () => undefined,
      close: async () => undefined,
      transaction: async () => undefined,
    } as unknown as Database;
    registerUploadRoutes(app, { storage, db, absolute: absoluteUrlMaker(null) });
    registerPictureReviewRoutes(app, { storage, reviewer });

    expect(await reviewPicture(await picture(1600, 2000, '#ff0000'), deps())).toEqual({ compliant: false });
    expect(await reviewPicture(await picture(500, 400, '#2080ff'), deps())).toEqual({ compliant: true });
    expect(seen).toEqual([
      { format: 'jpeg', width: 864, height: 1080 },
      { format: 'jpeg', width: 500, height: 400 },
    ]);
  });
});
