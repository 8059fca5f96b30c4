import sharp from 'sharp';
import { UPLOAD_MAX_PIXELS } from '../../../../engine/spec/limits';
import { paramsInvalid } from '../../envelope';

/** A decoded 8-bit image: interleaved channels, row-major. */
export interface Raster {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

/** A binary mask: one byte per pixel, 255 = fill (erase), 0 = keep. */
export interface BinaryMask {
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * Decodes a photo to upright 8-bit sRGB (RGB, or RGBA when it has transparency). Upright because the
 * user painted the mask over the photo as the browser shows it, which applies EXIF orientation.
 */
export async function decodeImage(image: Buffer): Promise<Raster> {
  let pipeline;
  try {
    pipeline = sharp(image, { failOn: 'error', limitInputPixels: UPLOAD_MAX_PIXELS }).rotate().toColourspace('srgb');
    const meta = await sharp(image, { limitInputPixels: UPLOAD_MAX_PIXELS }).metadata();
    if (!meta.hasAlpha) pipeline = pipeline.removeAlpha();
    const { data, info } = await pipeline.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: info.channels === 4 ? 4 : 3 };
  } catch (err) {
    throw paramsInvalid(`the image cannot be read: ${(err as Error).message}`);
  }
}

/**
 * Decodes a mask image to a binary mask. White (any bright channel) means fill; transparent pixels
 * count as keep, so both "white strokes on black" and "white strokes on transparent" work.
 */
export async function decodeMask(mask: Buffer): Promise<BinaryMask> {
  try {
    const { data, info } = await sharp(mask, { failOn: 'error', limitInputPixels: UPLOAD_MAX_PIXELS })
      .rotate()
      .toColourspace('srgb')
      .flatten({ background: '#000000' })
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const n = info.width * info.height;
    const out = new Uint8Array(n);
    const c = info.channels;
    for (let i = 0; i < n; i++) {
      // Max of the channels, so a pure red or green brush mask also counts as painted.
      let v = data[i * c];
      for (let k = 1; k < Math.min(c, 3); k++) v = Math.max(v, data[i * c + k]);
      out[i] = v >= 128 ? 255 : 0;
    }
    return { data: out, width: info.width, height: info.height };
  } catch (err) {
    throw paramsInvalid(`the mask cannot be read: ${(err as Error).message}`);
  }
}

/** Fraction of fill pixels (0..1). */
export function coverageOf(mask: BinaryMask): number {
  let filled = 0;
  for (let i = 0; i < mask.data.length; i++) if (mask.data[i]) filled++;
  return mask.data.length === 0 ? 0 : filled / mask.data.length;
}

/**
 * Checks that a mask can drive an inpainting of an image of the given size:
 * same size, something painted, and something left to copy from.
 */
export function assertUsableMask(mask: BinaryMask, width: number, height: number): void {
  if (mask.width !== width || mask.height !== height) {
    throw paramsInvalid(`the mask is ${mask.width}x${mask.height}, the image is ${width}x${height}`);
  }
  const coverage = coverageOf(mask);
  if (coverage === 0) throw paramsInvalid('the mask is empty');
  if (coverage === 1) throw paramsInvalid('the mask covers the whole image: nothing is left to fill from');
}

/**
 * Grows the fill area by `radius` pixels (disc). Brush strokes are usually drawn tight around an object;
 * without this the object's soft edge stays behind as a halo. Only boundary pixels are expanded, so the
 * cost follows the mask's outline, not its area.
 */
export function dilateMask(mask: BinaryMask, radius: number): BinaryMask {
  const r = Math.max(0, Math.round(radius));
  if (r === 0) return mask;
  const { width: w, height: h, data } = mask;
  const out = new Uint8Array(data);
  const offsets: Array<[number, number]> = [];
  for (let dy = -r; dy <= r; dy++) for (let dx = -r; dx <= r; dx++) if (dx * dx + dy * dy <= r * r) offsets.push([dx, dy]);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!data[i]) continue;
      const boundary = (x > 0 && !data[i - 1]) || (x < w - 1 && !data[i + 1]) || (y > 0 && !data[i - w]) || (y < h - 1 && !data[i + w]);
      if (!boundary) continue;
      for (const [dx, dy] of offsets) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx >= 0 && ny >= 0 && nx < w && ny < h) out[ny * w + nx] = 255;
      }
    }
  }
  return { data: out, width: w, height: h };
}

/** Encodes a raster as an 8-bit PNG. */
export function encodePng(raster: Raster): Promise<Buffer> {
  return sharp(raster.data, { raw: { width: raster.width, height: raster.height, channels: raster.channels } })
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
}

/** Encodes a binary mask as a greyscale PNG (white = fill). */
export function encodeMaskPng(mask: BinaryMask): Promise<Buffer> {
  return sharp(Buffer.from(mask.data.buffer, mask.data.byteOffset, mask.data.length), {
    raw: { width: mask.width, height: mask.height, channels: 1 },
  })
    .toColourspace('b-w') // one grey channel: a third of the size of RGB
    .png({ compressionLevel: 6 })
    .toBuffer();
}
