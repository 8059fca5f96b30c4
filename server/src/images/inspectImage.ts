import sharp from 'sharp';
import { UPLOAD_MAX_PIXELS } from '../../../engine/spec/limits';
import { paramsInvalid } from '../envelope';

/** Formats accepted for upload. SVG is refused: it is a document that can carry scripts. */
const FORMATS: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  heif: 'image/avif',
  tiff: 'image/tiff',
};

export interface ImageInfo {
  contentType: string;
  /** Upright size (after EXIF orientation). */
  width: number;
  height: number;
}

/** Decoder warnings that mean the pixel data ends early: a truncated file or a header that claims more. */
const DATA_MISSING = /premature end|truncat|unexpected end|not enough data|short read/i;

/**
 * Decodes the whole image at a thumbnail's size (JPEG shrink-on-load keeps this cheap even for 50 MP).
 * Strict first: libjpeg reports missing data (a cut file, or a 64×48 JPEG whose header claims 7000×7000)
 * only as a warning. A file whose only warnings are harmless (extraneous bytes, which many cameras
 * write) is decoded again at the tolerant level.
 */
async function decodesFully(input: Buffer | string, maxPixels: number): Promise<boolean> {
  const decode = (failOn: 'warning' | 'error') => sharp(input, { failOn, limitInputPixels: maxPixels }).resize(32, 32, { fit: 'inside' }).raw().toBuffer();
  try {
    await decode('warning');
    return true;
  } catch (err) {
    if (DATA_MISSING.test((err as Error).message)) return false;
  }
  return decode('error').then(
    () => true,
    () => false,
  );
}

/**
 * Checks that `input` (the bytes, or the path of a file) is a whole, decodable image within the pixel
 * limit, and reports its type and upright size. Throws PARAMS_INVALID (-102) with a message a user can act on.
 */
export async function inspectImage(input: Buffer | string, maxPixels = UPLOAD_MAX_PIXELS): Promise<ImageInfo> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw paramsInvalid('the file is not an image we can read (JPG, PNG, WEBP, GIF, AVIF or TIFF)');
  }
  const contentType = meta.format ? FORMATS[meta.format] : undefined;
  if (!contentType || !meta.width || !meta.height) {
    throw paramsInvalid(`unsupported image format${meta.format ? `: ${meta.format}` : ''}`);
  }
  const pixels = meta.width * meta.height;
  if (pixels > maxPixels) {
    throw paramsInvalid(`the image has ${(pixels / 1e6).toFixed(1)} megapixels; the limit is ${maxPixels / 1e6} megapixels`);
  }
  // A full decode catches truncated, corrupt and header-forged files now, instead of as a failed task later.
  if (!(await decodesFully(input, maxPixels))) throw paramsInvalid('the image file is damaged or incomplete');
  const rotated = (meta.orientation ?? 1) >= 5;
  return { contentType, width: rotated ? meta.height : meta.width, height: rotated ? meta.width : meta.height };
}
