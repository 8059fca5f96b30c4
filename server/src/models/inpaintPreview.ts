/**
 * The live preview of the magic eraser (`POST /api/inpaint/preview`): a quick Telea fill of the
 * photo scaled down to PREVIEW_MAX_PIXELS. Runs on a heavy-work thread.
 */
import sharp from 'sharp';
import { UPLOAD_MAX_PIXELS } from '../../../engine/spec/limits';
import { paramsInvalid } from '../envelope';
import { inpaintTelea } from './inpaint';

/** The preview is only looked at on screen: fill at most this many pixels. */
export const PREVIEW_MAX_PIXELS = 2_000_000;

/** Scales image and mask together so the preview fill stays instant on big photos. */
async function shrinkForPreview(image: Buffer, mask: Buffer): Promise<{ image: Buffer; mask: Buffer }> {
  const meta = await sharp(image, { limitInputPixels: UPLOAD_MAX_PIXELS })
    .metadata()
    .catch(() => {
      throw paramsInvalid('imgUrl is not a readable image');
    });
  const turned = (meta.orientation ?? 1) >= 5;
  const w = turned ? meta.height : meta.width;
  const h = turned ? meta.width : meta.height;
  if (!w || !h || w * h <= PREVIEW_MAX_PIXELS) return { image, mask };
  const scale = Math.sqrt(PREVIEW_MAX_PIXELS / (w * h));
  const sw = Math.max(1, Math.floor(w * scale));
  const sh = Math.max(1, Math.floor(h * scale));
  const maskMeta = await sharp(mask)
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  // A mask of the wrong size is left alone: inpaintTelea then names both sizes in its error.
  if (maskMeta.width !== w || maskMeta.height !== h) return { image, mask };
  return {
    image: await sharp(image).rotate().resize(sw, sh, { fit: 'fill' }).png({ compressionLevel: 1 }).toBuffer(),
    mask: await sharp(mask).resize(sw, sh, { fit: 'fill', kernel: 'nearest' }).png({ compressionLevel: 1 }).toBuffer(),
  };
}

/** The preview PNG: image and mask shrunk to the budget, the mask grown by 2 px, filled with Telea. */
export async function inpaintPreview(image: Buffer, mask: Buffer): Promise<Buffer> {
  const small = await shrinkForPreview(image, mask);
  return inpaintTelea(small.image, small.mask, { dilatePx: 2 });
}
