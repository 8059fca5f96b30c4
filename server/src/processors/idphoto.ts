/**
 * The ID photo maker (task type `idphoto`, pages /tools/id-photo-maker and /tools/id-photo-edit):
 * see server/src/idphoto/makeIdPhoto.ts. Bad params fail with PARAMS_INVALID before any model work;
 * a photo that fails a check (no face, several faces, turned, head at the top, too small) fails with
 * its SPEC §8 code and `idphoto:<problem>`, so the charge is refunded and the page shows advice.
 */
import { ResultCode } from '../../../engine/spec/errors';
import { parseIdPhotoParams } from '../../../engine/idphoto/params';
import { ApiError } from '../envelope';
import { makeIdPhoto } from '../idphoto/makeIdPhoto';
import { readInput, type Processor } from '../tasks/processor';

export const idphotoProcessor: Processor = async (ctx) => {
  const parsed = parseIdPhotoParams(ctx.params);
  if (!parsed.ok) throw new ApiError(ResultCode.PARAMS_INVALID, parsed.message);
  const input = await readInput(ctx);
  await ctx.checkCancelled();
  const result = await makeIdPhoto(input, parsed.value, ctx.onProgress, ctx.storage, ctx.owner);
  return { body: result.body, contentType: 'image/jpeg', extension: 'jpg' };
};
