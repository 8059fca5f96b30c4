import sharp from 'sharp';
import { UPLOAD_MAX_PIXELS } from '../../../engine/spec/limits';
import { paramsInvalid } from '../envelope';

/** Formats accepted for upload. SVG is refused: it is a document that can carry scripts. */
const FORMATS: Record<string, string> = {
  jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', avif: 'image/avif', heif: 'image/avif', tiff: 'image/tiff',
};

export interface ImageInfo {
  contentType: string;
  /** Upright size (after EXIF orientation). */
  width: number;
  height: number;
}

/**
 * Checks that `body` is a whole, decodable image within the pixel limit, and reports its
 * type and upright size. Throws PARAMS_INVALID (-102) with a message a user can act on.
 */
export async function inspectImage(body: Buffer, maxPixels = UPLOAD_MAX_PIXELS): Promise<ImageInfo> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(body, { limitInputPixels: false }).metadata();
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
  try {
    // A full decode (cheap: JPEG shrink-on-load) catches truncated and corrupt files now,
    // instead of as a failed task later.
    await sharp(body, { failOn: 'error', limitInputPixels: maxPixels }).resize(32, 32, { fit: 'inside' }).raw().toBuffer();
  } catch {
    throw paramsInvalid('the image file is damaged or incomplete');
  }
  const rotated = (meta.orientation ?? 1) >= 5;
  return { contentType, width: rotated ? meta.height : meta.width, height: rotated ? meta.width : meta.height };
}
