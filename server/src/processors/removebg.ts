import { cutoutPngOf } from '../backgrounds/cutoutCache';
import { readInput, type Processor } from '../tasks/processor';

/** `removebg`: the IS-Net cut-out as a transparent PNG (the same photo again is served from the cut-out cache). */
export const removebgProcessor: Processor = async (ctx) => {
  const input = await readInput(ctx);
  await ctx.checkCancelled();
  const { png } = await cutoutPngOf(input, ctx.onProgress);
  return { body: png, contentType: 'image/png', extension: 'png' };
};
