/**
 * The background changer (task type `changebg`): cut the subject out (IS-Net, cached per photo), draw the
 * chosen background at the photo's size (colour, gradient, library, the user's image or transparent),
 * optionally lay a soft contact shadow, and composite the subject at the requested place and scale.
 * Result: PNG (alpha kept when the background is not opaque).
 *
 * `cutoutUrl` (optional): the user's refined cut-out of the same photo (an upload, PNG with alpha, the photo's
 * upright size; the refine panel makes it): it stands in for the model's, so the user's fix carries into every
 * later background. A cut-out of another size is refused with PARAMS_INVALID.
 */
import sharp from 'sharp';
import { ResultCode } from '../../../../engine/spec/errors';
import { parseChangeBgParams } from '../../../../engine/backgrounds/params';
import { backgroundLayer } from '../../backgrounds/backgroundLayer';
import { composeScene } from '../../backgrounds/compose';
import { cutoutOf } from '../../backgrounds/cutoutCache';
import type { RawImage } from '../../backgrounds/render';
import { ApiError } from '../../envelope';
import { readParamFile } from '../paramFiles';
import { readInput, type Processor } from '../processor';

/** Runs a changebg task; bad params fail with PARAMS_INVALID before any model work. */
export const changebgProcessor: Processor = async (ctx) => {
  const parsed = parseChangeBgParams(ctx.params);
  if (!parsed.ok) throw new ApiError(ResultCode.PARAMS_INVALID, parsed.message);
  const params = parsed.value;
  const input = await readInput(ctx);
  // Read the second file first too: a missing background should not cost a cut-out.
  const bgFile = params.bgType === 'image' ? await readParamFile(ctx, 'bgUrl') : null;
  const refined = await readParamFile(ctx, 'cutoutUrl');
  await ctx.checkCancelled();

  const cutout = refined ? await refinedCutout(input, refined) : await cutoutOf(input, (f) => ctx.onProgress(0.8 * f));
  await ctx.checkCancelled();
  const background = await backgroundLayer(params, cutout.width, cutout.height, bgFile);
  ctx.onProgress(0.85);

  const scene = await composeScene({ background, cutout, placement: params.subject, shadow: params.shadow });
  ctx.onProgress(0.92);
  let image = sharp(scene.data, { raw: { width: scene.width, height: scene.height, channels: 4 } });
  // An opaque result needs no alpha channel: a quarter fewer bytes to compress and download.
  if (scene.opaque) image = image.removeAlpha();
  const body = await image.png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
  ctx.onProgress(1);
  return { body, contentType: 'image/png', extension: 'png' };
};

/** The user's refined cut-out as RGBA, checked against the photo's upright size. */
async function refinedCutout(photo: Buffer, cut: Buffer): Promise<RawImage> {
  const upright = await sharp(photo).rotate().metadata().catch(() => null);
  const decoded = await sharp(cut).ensureAlpha().raw().toBuffer({ resolveWithObject: true }).catch(() => null);
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
