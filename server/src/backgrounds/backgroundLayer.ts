/** The new background of a changebg task as RGBA pixels at the photo's size, from checked params. */
import sharp from 'sharp';
import { ResultCode } from '../../../engine/spec/errors';
import { UPLOAD_MAX_PIXELS } from '../../../engine/spec/limits';
import { backgroundById } from '../../../engine/backgrounds/catalogue';
import type { ChangeBgParams } from '../../../engine/backgrounds/params';
import { ApiError } from '../envelope';
import { gradientBackground, renderBackground, solidBackground, transparentBackground, type RawImage } from './render';

/**
 * Decodes the user's own background image and covers the canvas with it (scaled to fill, centred crop,
 * EXIF-upright). A file that is not a readable image is PARAMS_INVALID, not a server error.
 */
export async function imageBackground(file: Buffer, width: number, height: number): Promise<RawImage> {
  try {
    const data = await sharp(file, { failOn: 'error', limitInputPixels: UPLOAD_MAX_PIXELS })
      .rotate()
      .toColourspace('srgb')
      .resize(width, height, { fit: 'cover', position: 'centre' })
      .ensureAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer();
    return { data, width, height };
  } catch {
    throw new ApiError(ResultCode.PARAMS_INVALID, 'bgUrl: the background file is not an image we can read');
  }
}

/** The background for `params` at width × height; `bgFile` is the uploaded image for bgType 'image'. */
export async function backgroundLayer(params: ChangeBgParams, width: number, height: number, bgFile: Buffer | null): Promise<RawImage> {
  switch (params.bgType) {
    case 'color':
      return solidBackground(params.color!, width, height);
    case 'gradient':
      return gradientBackground(params.gradient!.from, params.gradient!.to, params.gradient!.angle, width, height);
    case 'library':
      return renderBackground(backgroundById(params.bgId!)!, width, height);
    case 'image':
      if (!bgFile) throw new ApiError(ResultCode.PARAMS_INVALID, 'bgUrl is required: upload the background image first');
      return imageBackground(bgFile, width, height);
    case 'transparent':
      return transparentBackground(width, height);
  }
}
