/**
 * Head extraction (task type `headExtract`): the head and hair of the portrait's main face as a
 * tightly cropped PNG with alpha (server/src/idphoto/extractHead.ts). No face: GPU_BODY_DETECT_FAILED
 * with `idphoto:noFace`, refunded like every failed task.
 */
import { extractHead } from '../idphoto/extractHead';
import { readInput, type Processor } from '../tasks/processor';

export const headExtractProcessor: Processor = async (ctx) => {
  const input = await readInput(ctx);
  await ctx.checkCancelled();
  const { png } = await extractHead(input, ctx.onProgress);
  return { body: png, contentType: 'image/png', extension: 'png' };
};
