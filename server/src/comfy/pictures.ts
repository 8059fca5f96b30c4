import sharp from 'sharp';
import { ResultCode } from '../../../engine/spec/errors';
import { MASK_FOREGROUND_ABOVE, UPLOAD_MAX_PIXELS } from '../../../engine/spec/limits';
import { ApiError } from '../envelope';

/**
 * Picture preparation around a generation job: sizes the model works at, masks in ComfyUI's
 * convention, and pasting results back at the photo's own resolution so pixels the user did not
 * ask to change stay exactly as they were.
 */

export interface Decoded {
  png: Buffer;
  width: number;
  height: number;
}

/** Upright sRGB PNG of an input (alpha kept); not a picture → PARAMS_INVALID. */
export async function decodeInput(body: Buffer, name = 'the input'): Promise<Decoded> {
  try {
    const { data, info } = await sharp(body, { failOn: 'error', limitInputPixels: UPLOAD_MAX_PIXELS })
      .rotate()
      .toColourspace('srgb')
      .png()
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch {
    throw new ApiError(ResultCode.PARAMS_INVALID, `${name} is not a readable image`);
  }
}

/** A size of about resolution² pixels with the photo's aspect, both sides multiples of 64 (what SD models want). */
export function workingSize(width: number, height: number, resolution: number): { width: number; height: number } {
  const area = resolution * resolution;
  const scale = Math.sqrt(area / (width * height));
  const round = (v: number) => Math.max(64, Math.round(v / 64) * 64);
  return { width: round(width * scale), height: round(height * scale) };
}

export async function resizePng(png: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(png).resize(width, height, { fit: 'fill', kernel: 'lanczos3' }).png().toBuffer();
}

/** One-channel 0/255 mask at width×height from an uploaded mask picture (foreground: grey above MASK_FOREGROUND_ABOVE, SPEC §9). */
export async function binaryMask(mask: Buffer, width: number, height: number): Promise<Buffer> {
  try {
    return await sharp(mask, { failOn: 'error', limitInputPixels: UPLOAD_MAX_PIXELS })
      .rotate()
      .flatten({ background: '#000000' })
      .greyscale()
      .resize(width, height, { fit: 'fill' })
      .threshold(MASK_FOREGROUND_ABOVE + 1)
      .extractChannel(0)
      .raw()
      .toBuffer();
  } catch {
    throw new ApiError(ResultCode.PARAMS_INVALID, 'the mask is not a readable image');
  }
}

/**
 * The PNG to send with /upload/mask: ComfyUI copies its alpha into the picture, and LoadImage's
 * MASK is 1 − alpha, so alpha must be 0 where the model repaints and 255 where it keeps.
 */
export async function repaintAlpha(repaint: Buffer, width: number, height: number): Promise<Buffer> {
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) rgba[i * 4 + 3] = repaint[i] > 127 ? 0 : 255;
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** True when the repaint mask is empty (nothing to do). */
export const isEmptyMask = (mask: Buffer): boolean => !mask.some((v) => v > 127);

/**
 * The original at full resolution with `result` (any size, scaled to fit) pasted inside `region`
 * (one channel 0/255 at the original's size), the mask edge feathered by a pixel or two.
 */
export async function pasteInside(original: Decoded, result: Buffer, region: Buffer): Promise<Buffer> {
  const { width, height } = original;
  const scaled = await sharp(result).resize(width, height, { fit: 'fill', kernel: 'lanczos3' }).removeAlpha().raw().toBuffer();
  const soft = await sharp(region, { raw: { width, height, channels: 1 } })
    .blur(1.2)
    .extractChannel(0)
    .raw()
    .toBuffer();
  // Interleaved by hand: sharp's joinChannel on raw input does not reliably mark the band as alpha.
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rgba[i * 4] = scaled[i * 3];
    rgba[i * 4 + 1] = scaled[i * 3 + 1];
    rgba[i * 4 + 2] = scaled[i * 3 + 2];
    rgba[i * 4 + 3] = soft[i];
  }
  return sharp(original.png)
    .composite([{ input: rgba, raw: { width, height, channels: 4 } }])
    .png()
    .toBuffer();
}

/** `picture` (any size-matching image) with `alpha` (one channel, width×height) as its alpha, as PNG. */
export async function withAlpha(picture: Buffer, alpha: Buffer, width: number, height: number): Promise<Buffer> {
  const rgb = await sharp(picture).resize(width, height, { fit: 'fill' }).removeAlpha().toColourspace('srgb').raw().toBuffer();
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rgba[i * 4] = rgb[i * 3];
    rgba[i * 4 + 1] = rgb[i * 3 + 1];
    rgba[i * 4 + 2] = rgb[i * 3 + 2];
    rgba[i * 4 + 3] = alpha[i];
  }
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}
