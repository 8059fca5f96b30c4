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
import { ResultCode } from '../../../engine/spec/errors';
import { parseChangeBgParams } from '../../../engine/backgrounds/params';
import { backgroundLayer } from '../backgrounds/backgroundLayer';
import { composeScene } from '../backgrounds/compose';
import { cutoutOf } from '../backgrounds/cutoutCache';
import { refinedCutout } from '../backgrounds/refinedCutout';
import { ApiError } from '../envelope';
import { readParamFile } from '../tasks/paramFiles';
import { readInput, type Processor } from '../tasks/processor';

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
