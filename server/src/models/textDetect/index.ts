import sharp from 'sharp';
import { ResultCode } from '../../../../engine/spec/errors';
import { UPLOAD_MAX_PIXELS } from '../../../../engine/spec/limits';
import { ApiError } from '../../envelope';
import { runDetector } from './detModel';
import { unclipTextMap, type TextBox } from './unclip';

export type { TextBox } from './unclip';

/** PaddleOCR's det_limit_side_len: the long side the detector sees at most. */
export const DET_MAX_SIDE = 960;
/** The detector's stride: both input sides must be multiples of it. */
const DET_STRIDE = 32;

export interface TextMask {
  /** PNG, one grey channel, the image's displayed (EXIF-oriented) size; white = text, grown by the unclip distance. */
  mask: Buffer;
  /** One box per text region, in image pixels, with the detector's mean probability inside it. */
  boxes: TextBox[];
}

/** The detector's input size for an image: long side capped, both sides rounded to the stride (as PaddleOCR). */
export function detectorSize(width: number, height: number, maxSide = DET_MAX_SIDE): { w: number; h: number } {
  const ratio = Math.max(width, height) > maxSide ? maxSide / Math.max(width, height) : 1;
  const round = (v: number) => Math.max(DET_STRIDE, Math.round((v * ratio) / DET_STRIDE) * DET_STRIDE);
  return { w: round(width), h: round(height) };
}

/**
 * Finds text in a photo (PP-OCRv4 det, Chinese + Latin scripts, any orientation the detector handles)
 * and returns a mask covering it, ready for inpainting. An image without text gives an all-black mask
 * and no boxes. Logos and graphic watermarks are not text and are not found.
 * Throws ApiError PARAMS_INVALID when the bytes are not a readable image.
 */
export async function detectTextMask(image: Buffer, opts: { maxSide?: number } = {}): Promise<TextMask> {
  let width: number;
  let height: number;
  try {
    const meta = await sharp(image, { limitInputPixels: UPLOAD_MAX_PIXELS }).metadata();
    ({ width, height } = meta.autoOrient);
  } catch {
    throw new ApiError(ResultCode.PARAMS_INVALID, 'the image cannot be read');
  }
  const size = detectorSize(width, height, opts.maxSide);
  // Transparent parts are looked at on white, as a viewer would show them.
  const rgb = await sharp(image, { limitInputPixels: UPLOAD_MAX_PIXELS })
    .autoOrient()
    .flatten({ background: '#ffffff' })
    .resize(size.w, size.h, { fit: 'fill', kernel: 'linear' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer();
  const prob = await runDetector(rgb, size.w, size.h);
  const { mask, boxes } = await unclipTextMap(prob, size.w, size.h, width, height);
  const png = await sharp(Buffer.from(mask.buffer, mask.byteOffset, mask.byteLength), { raw: { width, height, channels: 1 } })
    .toColourspace('b-w')
    .png({ compressionLevel: 6 })
    .toBuffer();
  return { mask: png, boxes };
}
