/**
 * Helpers for the magic eraser page:
 * - `POST /api/detect/subject {imgUrl}` → data `{ maskUrl, width, height, coverage }`: the photo's main subject
 *   (person or object, IS-Net) as a black/white PNG mask (white = subject, grown by a few pixels so an erase
 *   takes its edge too), stored beside the uploads. `maskUrl` is null when nothing stands out.
 * - `POST /api/inpaint/preview {imgUrl, maskData | maskUrl}` → an `image/png` body: a quick Telea fill, scaled
 *   down to at most PREVIEW_MAX_PIXELS, for the live preview before the real erase task.
 * Errors are envelopes with SPEC §8 codes (PARAMS_INVALID for bad input).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ResultCode } from '../../../engine/spec/errors';
import { ApiError, fail, ok, paramsInvalid } from '../envelope';
import { detectSubjectOnThread, inpaintPreviewOnThread } from '../heavy/threadedDetectors';
import { inspectImage } from '../images/inspectImage';
import { maskFromAlpha, type SubjectAlpha } from '../models/subjectMask';
import { callerMayUse, type FileAccess } from '../security/fileAccess';
import { requestOwner } from '../security/requestOwner';
import type { FileStorage } from '../storage/storage';
import { uploadedKeyFromUrl } from './pictureReviewRoutes';
import type { AbsoluteUrl } from '../security/requestUrl';

export { PREVIEW_MAX_PIXELS } from '../models/inpaintPreview';

/** Finds the subject's alpha (0..255) of an image, at the photo's upright size: a stub in tests. */
export type SubjectSegmenter = (image: Buffer) => Promise<SubjectAlpha>;

const SubjectBody = z.object({ imgUrl: z.string().min(1).max(2048) });
const PreviewBody = z.object({
  imgUrl: z.string().min(1).max(2048),
  maskUrl: z.string().min(1).max(2048).optional(),
  maskData: z.string().startsWith('data:image/png;base64,').optional(),
});

function sendError(reply: FastifyReply, err: unknown, what: string) {
  if (err instanceof ApiError) {
    const status = err.code === ResultCode.PARAMS_INVALID ? 400 : err.code === ResultCode.SERVICE_UNAVAILABLE ? 503 : 500;
    return reply.code(status).send(fail(err.code, err.message));
  }
  console.error(`${what} failed:`, err instanceof Error ? err.message : err);
  return reply.code(500).send(fail(ResultCode.SERVER_ERROR, `${what} failed`));
}

/** The bytes of a file our upload stored, named by its URL; PARAMS_INVALID otherwise. */
async function readUploaded(deps: { storage: FileStorage; access?: FileAccess }, request: FastifyRequest, url: string, name: string): Promise<Buffer> {
  const key = uploadedKeyFromUrl(url);
  if (!key) throw paramsInvalid(`${name} must be a file uploaded to this server (/files/uploads/…)`);
  const file = (await callerMayUse(deps.access, request, key)) ? await deps.storage.get(key) : null;
  if (!file) throw paramsInvalid(`${name} names no stored file of yours`);
  return file.body;
}

/** Registers the subject detection and preview routes. */
export function registerDetectRoutes(
  app: FastifyInstance,
  deps: { storage: FileStorage; absolute: AbsoluteUrl; segmentSubject?: SubjectSegmenter; access?: FileAccess },
): void {
  // The real detection runs on the heavy-work threads; a stub segmenter (tests) runs here.
  const stub = deps.segmentSubject;
  const detect = stub
    ? async (image: Buffer) => {
        const found = await stub(image);
        return maskFromAlpha(found, found.width, found.height);
      }
    : detectSubjectOnThread;

  app.post('/api/detect/subject', async (request, reply) => {
    try {
      const body = SubjectBody.safeParse(request.body);
      if (!body.success) throw paramsInvalid('imgUrl is required: the URL of a picture uploaded to this server');
      const image = await readUploaded(deps, request, body.data.imgUrl, 'imgUrl');
      let found;
      try {
        // A damaged or header-forged picture would otherwise be segmented as its claimed size (49 MP of garbage).
        await inspectImage(image).catch((err: Error) => {
          throw paramsInvalid(`the picture cannot be read: ${err.message}`);
        });
        found = await detect(image);
      } catch (err) {
        throw err instanceof ApiError ? err : paramsInvalid(`the picture cannot be read: ${(err as Error).message}`);
      }
      if (!found.png) return ok({ maskUrl: null, width: found.width, height: found.height, coverage: 0 });
      const day = new Date().toISOString().slice(0, 10).replace(/-/g, '/');
      const key = `uploads/detect/${day}/${randomUUID()}.png`;
      await deps.storage.put(key, found.png, 'image/png');
      // The mask becomes the caller's file, so it can be sent back as their task's maskUrl.
      await deps.access?.record({
        key,
        owner: requestOwner(request),
        contentType: 'image/png',
        sizeBytes: found.png.length,
        width: found.width,
        height: found.height,
        func: 'detectSubject',
      });
      return ok({
        maskUrl: deps.absolute(request, `/files/${key}`),
        width: found.width,
        height: found.height,
        coverage: found.coverage,
      });
    } catch (err) {
      return sendError(reply, err, 'subject detection');
    }
  });

  app.post('/api/inpaint/preview', async (request, reply) => {
    try {
      const body = PreviewBody.safeParse(request.body);
      if (!body.success) throw paramsInvalid('imgUrl and a mask (maskData as a PNG data URL, or maskUrl) are required');
      const image = await readUploaded(deps, request, body.data.imgUrl, 'imgUrl');
      let mask: Buffer;
      if (body.data.maskData) mask = Buffer.from(body.data.maskData.slice('data:image/png;base64,'.length), 'base64');
      else if (body.data.maskUrl) mask = await readUploaded(deps, request, body.data.maskUrl, 'maskUrl');
      else throw paramsInvalid('a mask is required: maskData (PNG data URL) or maskUrl');
      const png = await inpaintPreviewOnThread(image, mask);
      return reply.type('image/png').header('cache-control', 'no-store').send(png);
    } catch (err) {
      return sendError(reply, err, 'inpaint preview');
    }
  });
}
