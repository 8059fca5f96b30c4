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
import sharp from 'sharp';
import { z } from 'zod';
import { ResultCode } from '../../../engine/spec/errors';
import { UPLOAD_MAX_PIXELS } from '../../../engine/spec/limits';
import { ApiError, fail, ok, paramsInvalid } from '../envelope';
import { inspectImage } from '../images/inspectImage';
import { inpaintTelea } from '../models/inpaint';
import { dilateMask, encodeMaskPng } from '../models/inpaint/raster';
import { ISNET_SIZE, runIsnet } from '../models/isnet';
import { callerMayUse, type FileAccess } from '../security/fileAccess';
import { requestOwner } from '../security/requestOwner';
import type { FileStorage } from '../storage/storage';
import { uploadedKeyFromUrl } from './pictureReviewRoutes';
import type { AbsoluteUrl } from './requestUrl';

/** The preview is only looked at on screen: fill at most this many pixels. */
export const PREVIEW_MAX_PIXELS = 2_000_000;
/** Subject masks grow by this much so the erase also takes the subject's soft edge and shadow line. */
export const SUBJECT_MASK_GROW_PX = 6;
/** IS-Net alpha above this counts as subject. */
const SUBJECT_ALPHA_ABOVE = 127;

/** Finds the subject's alpha (0..255) of an image; the IS-Net cut-out by default, a stub in tests. */
export type SubjectSegmenter = (image: Buffer) => Promise<{ alpha: Uint8Array; width: number; height: number }>;

/**
 * IS-Net at 1024² (the model behind removeBackground), its prediction scaled back to the upright photo's size.
 * Only the mask is needed, so the cut-out's edge clean-up and full-size PNG are skipped.
 */
const isnetSegmenter: SubjectSegmenter = async (image) => {
  const meta = await sharp(image, { limitInputPixels: UPLOAD_MAX_PIXELS }).metadata();
  const turned = (meta.orientation ?? 1) >= 5; // EXIF 5–8 swap width and height
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  if (!width || !height) throw new Error('the image has no size');
  const modelInput = await sharp(image, { failOn: 'error', limitInputPixels: UPLOAD_MAX_PIXELS })
    .rotate()
    .toColourspace('srgb')
    .flatten({ background: '#ffffff' })
    .resize(ISNET_SIZE, ISNET_SIZE, { fit: 'fill', kernel: 'linear' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const prediction = await runIsnet(modelInput);
  const small = Buffer.alloc(ISNET_SIZE * ISNET_SIZE);
  for (let i = 0; i < small.length; i++) small[i] = Math.max(0, Math.min(255, Math.round(prediction[i] * 255)));
  const alpha = await sharp(small, { raw: { width: ISNET_SIZE, height: ISNET_SIZE, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { alpha, width, height };
};

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
async function readUploaded(
  deps: { storage: FileStorage; access?: FileAccess },
  request: FastifyRequest,
  url: string,
  name: string,
): Promise<Buffer> {
  const key = uploadedKeyFromUrl(url);
  if (!key) throw paramsInvalid(`${name} must be a file uploaded to this server (/files/uploads/…)`);
  const file = (await callerMayUse(deps.access, request, key)) ? await deps.storage.get(key) : null;
  if (!file) throw paramsInvalid(`${name} names no stored file of yours`);
  return file.body;
}

/** Scales image and mask together so the preview fill stays instant on big photos. */
async function shrinkForPreview(image: Buffer, mask: Buffer): Promise<{ image: Buffer; mask: Buffer }> {
  const meta = await sharp(image, { limitInputPixels: UPLOAD_MAX_PIXELS }).metadata().catch(() => {
    throw paramsInvalid('imgUrl is not a readable image');
  });
  const turned = (meta.orientation ?? 1) >= 5;
  const w = turned ? meta.height : meta.width;
  const h = turned ? meta.width : meta.height;
  if (!w || !h || w * h <= PREVIEW_MAX_PIXELS) return { image, mask };
  const scale = Math.sqrt(PREVIEW_MAX_PIXELS / (w * h));
  const sw = Math.max(1, Math.floor(w * scale));
  const sh = Math.max(1, Math.floor(h * scale));
  const maskMeta = await sharp(mask).metadata().catch(() => ({ width: 0, height: 0 }));
  // A mask of the wrong size is left alone: inpaintTelea then names both sizes in its error.
  if (maskMeta.width !== w || maskMeta.height !== h) return { image, mask };
  return {
    image: await sharp(image).rotate().resize(sw, sh, { fit: 'fill' }).png({ compressionLevel: 1 }).toBuffer(),
    mask: await sharp(mask).resize(sw, sh, { fit: 'fill', kernel: 'nearest' }).png({ compressionLevel: 1 }).toBuffer(),
  };
}

/** Registers the subject detection and preview routes. */
export function registerDetectRoutes(
  app: FastifyInstance,
  deps: { storage: FileStorage; absolute: AbsoluteUrl; segmentSubject?: SubjectSegmenter; access?: FileAccess },
): void {
  const segment = deps.segmentSubject ?? isnetSegmenter;

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
        found = await segment(image);
      } catch (err) {
        throw err instanceof ApiError ? err : paramsInvalid(`the picture cannot be read: ${(err as Error).message}`);
      }
      const data = new Uint8Array(found.alpha.length);
      let filled = 0;
      for (let i = 0; i < data.length; i++) {
        if (found.alpha[i] > SUBJECT_ALPHA_ABOVE) {
          data[i] = 255;
          filled++;
        }
      }
      if (filled === 0) return ok({ maskUrl: null, width: found.width, height: found.height, coverage: 0 });
      const grown = dilateMask({ data, width: found.width, height: found.height }, SUBJECT_MASK_GROW_PX);
      let grownCount = 0;
      for (let i = 0; i < grown.data.length; i++) if (grown.data[i]) grownCount++;
      const day = new Date().toISOString().slice(0, 10).replace(/-/g, '/');
      const key = `uploads/detect/${day}/${randomUUID()}.png`;
      const png = await encodeMaskPng(grown);
      await deps.storage.put(key, png, 'image/png');
      // The mask becomes the caller's file, so it can be sent back as their task's maskUrl.
      await deps.access?.record({ key, owner: requestOwner(request), contentType: 'image/png', sizeBytes: png.length, width: grown.width, height: grown.height, func: 'detectSubject' });
      return ok({
        maskUrl: deps.absolute(request, `/files/${key}`),
        width: found.width,
        height: found.height,
        coverage: grownCount / grown.data.length,
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
      const small = await shrinkForPreview(image, mask);
      const png = await inpaintTelea(small.image, small.mask, { dilatePx: 2 });
      return reply.type('image/png').header('cache-control', 'no-store').send(png);
    } catch (err) {
      return sendError(reply, err, 'inpaint preview');
    }
  });
}
