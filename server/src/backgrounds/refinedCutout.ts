/**
 * The user's refined cut-out (issue 32 item 3): a PNG with alpha that the refine panel made from the model's
 * cut-out of the same photo, uploaded and named by `cutoutUrl`. The background changer composites it and the
 * blur keeps it sharp, instead of the model's cut-out, so the user's fix carries into every later option.
 */
import sharp from 'sharp';
import { ResultCode } from '../../../engine/spec/errors';
import { ApiError } from '../envelope';
import type { RawImage } from './render';

/**
 * The refined cut-out `cut` as RGBA, checked to have the upright size of `photo`.
 * Not a picture, or another size: PARAMS_INVALID (SPEC §8), naming the param.
 */
export async function refinedCutout(photo: Buffer, cut: Buffer): Promise<RawImage> {
  const upright = await sharp(photo)
    .metadata()
    .catch(() => null);
  const decoded = await sharp(cut)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => null);
  if (!decoded) throw new ApiError(ResultCode.PARAMS_INVALID, 'cutoutUrl must be a PNG cut-out of the photo');
  const { width, height } = decoded.info;
  // sharp's metadata gives the stored size; an EXIF rotation of 90° or 270° swaps it.
  const turned = (upright?.orientation ?? 1) >= 5;
  const expected = turned ? { width: upright?.height, height: upright?.width } : { width: upright?.width, height: upright?.height };
  if (width !== expected.width || height !== expected.height) {
    throw new ApiError(ResultCode.PARAMS_INVALID, `cutoutUrl must be the photo's size (${expected.width}×${expected.height}), not ${width}×${height}`);
  }
  return { data: decoded.data, width, height };
}

/** The alpha channel of a refined cut-out (see {@link refinedCutout}). */
export async function refinedAlpha(photo: Buffer, cut: Buffer): Promise<Uint8Array> {
  const { data, width, height } = await refinedCutout(photo, cut);
  const alpha = new Uint8Array(width * height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = data[i * 4 + 3];
  return alpha;
}
