import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ResultCode } from '../../../engine/spec/errors';
import { ApiError, fail, ok } from '../envelope';
import { callerMayUse, type FileAccess } from '../security/fileAccess';
import { requestOwner } from '../security/requestOwner';
import { explainImageFailure } from '../input/badImage';
import { detectScratchesOnThread, detectTextOnThread } from '../heavy/threadedDetectors';
import type { FileStorage } from '../storage/storage';
import { uploadedKeyFromUrl } from './pictureReviewRoutes';
import type { AbsoluteUrl } from '../security/requestUrl';

const DetectBody = z.object({ imgUrl: z.string().min(1).max(2048) });

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
  score?: number;
}

type Detector = (image: Buffer) => Promise<{ mask: Buffer; boxes: Box[] }>;

/** Where a detected mask is stored: beside the uploads, so it can be sent back as a task's `maskUrl`. */
function maskKey(): string {
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '/');
  return `uploads/masks/${day}/${randomUUID()}.png`;
}

const send = (reply: FastifyReply, code: number, msg: string, status: number) => reply.code(status).send(fail(code, msg));

/**
 * Mask suggestions for the magic eraser page:
 * - `POST /api/detect/text {imgUrl}`: text (watermarks, captions, URLs) found by the PP-OCRv4 detector;
 * - `POST /api/detect/scratches {imgUrl}`: thin bright/dark lines that may be scratches (a suggestion
 *   that also flags real thin structures; the user confirms or edits it).
 * `imgUrl` must be one of this server's uploads. data `{ maskUrl, boxes, width, height }`: maskUrl is a
 * greyscale PNG of the photo's displayed size (white = found), stored like an upload so the page can
 * show it, let the user edit it, and pass it as `maskUrl` to `removeWatermark` / `descratch`. Nothing
 * found → `boxes: []` and an all-black mask. Boxes are in image pixels (text boxes carry a 0–1 score).
 */
export function registerDetectTextRoutes(app: FastifyInstance, deps: { storage: FileStorage; absolute: AbsoluteUrl; access?: FileAccess }): void {
  const route = (detect: Detector, what: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    const body = DetectBody.safeParse(request.body);
    if (!body.success) return send(reply, ResultCode.PARAMS_INVALID, 'imgUrl is required: the URL of a picture uploaded to this server', 400);
    const key = uploadedKeyFromUrl(body.data.imgUrl);
    if (!key) return send(reply, ResultCode.PARAMS_INVALID, 'imgUrl must be a picture uploaded to this server (/files/uploads/…)', 400);
    const file = (await callerMayUse(deps.access, request, key)) ? await deps.storage.get(key) : null;
    if (!file) return send(reply, ResultCode.PARAMS_INVALID, 'imgUrl names no stored file of yours', 400);
    let found: { mask: Buffer; boxes: Box[] };
    try {
      found = await detect(file.body);
    } catch (caught) {
      const err = await explainImageFailure(caught, [{ name: 'imgUrl', body: file.body }]);
      if (err instanceof ApiError) return send(reply, err.code, err.message, err.code === ResultCode.PARAMS_INVALID ? 400 : 500);
      request.log.error(err);
      console.error(`${what} detection failed:`, err instanceof Error ? err.message : err);
      return send(reply, ResultCode.SERVER_ERROR, `${what} detection failed`, 500);
    }
    const maskPath = maskKey();
    await deps.storage.put(maskPath, found.mask, 'image/png');
    // The mask becomes the caller's file, so it can be sent back as their task's maskUrl.
    await deps.access?.record({ key: maskPath, owner: requestOwner(request), contentType: 'image/png', sizeBytes: found.mask.length, func: what });
    const { width, height } = maskSize(found.mask);
    return ok({ maskUrl: deps.absolute(request, `/files/${maskPath}`), boxes: found.boxes, width, height });
  };

  // Both detectors run on the heavy-work threads, so a big photo never holds up the event loop.
  app.post('/api/detect/text', route(detectTextOnThread, 'text'));
  app.post('/api/detect/scratches', route(detectScratchesOnThread, 'scratch'));
}

/** Width and height from a PNG's IHDR chunk (bytes 16–23), without decoding it again. */
function maskSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
