/**
 * Scratch removal (task type `descratch`): fills scratches with OpenCV Telea, which with a good mask is
 * excellent (models-restoration.md §4b: 24 → 36 dB, about 0.1 s). The mask is the user's (maskUrl) or, when
 * absent, the automatic suggestion of server/src/models/scratchDetect, which also flags real thin lines
 * (whiskers, rims, wires) and misses faint scratches: the page should show it for confirmation first
 * (POST /api/detect/scratches) and send the confirmed mask.
 *
 * No mask and nothing suggested → PARAMS_INVALID 'no scratches found' (an unchanged photo would read as
 * success).
 */
import { ResultCode } from '../../../engine/spec/errors';
import { ApiError } from '../envelope';
import { explainImageFailure } from '../input/badImage';
import { inpaintTelea } from '../models/inpaint';
import { detectScratchMask } from '../models/scratchDetect';
import { readParamFile } from '../tasks/paramFiles';
import { readInput, type Processor } from '../tasks/processor';

/** Message of the failure when nothing was given and nothing was suggested. */
export const NO_SCRATCHES_FOUND = 'no scratches found: paint them with the brush and try again';

/** `descratch` task: params { maskUrl? (an uploaded PNG, white = scratch; absent → suggested mask) } → PNG. */
export const descratchProcessor: Processor = async (ctx) => {
  const input = await readInput(ctx);
  const userMask = await readParamFile(ctx, 'maskUrl');
  ctx.onProgress(0.05);
  await ctx.checkCancelled();
  try {
    return await descratch(ctx, input, userMask);
  } catch (err) {
    // A photo or mask that cannot be decoded is the caller's input, not a GPU failure (-1003).
    throw await explainImageFailure(err, [
      { name: 'the photo', body: input },
      { name: 'maskUrl', body: userMask },
    ]);
  }
};

async function descratch(ctx: Parameters<Processor>[0], input: Buffer, userMask: Buffer | null) {
  let mask = userMask;
  if (!mask) {
    const suggested = await detectScratchMask(input);
    if (suggested.boxes.length === 0) throw new ApiError(ResultCode.PARAMS_INVALID, NO_SCRATCHES_FOUND);
    mask = suggested.mask;
    ctx.onProgress(0.6);
    await ctx.checkCancelled();
  }
  // No extra growth: the suggestion is already grown, and a brush stroke is wider than the scratch it covers
  // (growing an exact mask by 2 px cost 5 dB in the measurements: 46.8 → 41.4 dB).
  const body = await inpaintTelea(input, mask);
  ctx.onProgress(1);
  return { body, contentType: 'image/png', extension: 'png' };
}
