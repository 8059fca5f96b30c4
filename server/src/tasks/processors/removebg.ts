import { removeBackground } from '../../models/removeBackground';
import { readInput, type Processor } from '../processor';

/** `removebg`: the IS-Net cut-out as a transparent PNG. */
export const removebgProcessor: Processor = async (ctx) => {
  const input = await readInput(ctx);
  await ctx.checkCancelled();
  const { png } = await removeBackground(input, ctx.onProgress);
  return { body: png, contentType: 'image/png', extension: 'png' };
};
