/**
 * Photo enhancer (task type `picenhance`, page /tools/photo-enhancer): Real-ESRGAN on
 * onnxruntime-node, see server/src/models/esrgan/enhance.ts.
 *
 * Submit body (SPEC §7: imgUrl and efMode, plus our options), every field optional:
 * - `efMode`  'Slight' | 'Balance' | 'Strong' (SPEC §3 enhancement strength), default 'Balance':
 *             the share of the model output in the result, 50 % / 80 % / 100 %; the rest is a
 *             plain lanczos3 resize (for denoise: the input), which keeps some natural texture.
 * - `scale`   2 | 4, default 4 (ignored by denoise).
 * - `mode`    'upscale' | 'denoise', default 'upscale'; denoise returns the same size.
 * - `quality` 'fast' | 'high', default 'fast'; high uses realesrgan-x4plus, ≤ 0.5 MP inputs only.
 * Pixel caps (limits.ts): 4× ≤ 2 MP, 2× ≤ 4 MP, denoise ≤ 4 MP, high quality ≤ 0.5 MP.
 * The result is a JPEG when the input was a JPEG without alpha, a PNG otherwise.
 */
import { ResultCode } from '../../../engine/spec/errors';
import { parseTaskParams, type TaskParams } from '../../../engine/spec/tasks';
import { ApiError } from '../envelope';
import { enhanceImage } from '../models/esrgan';
import { readInput, type Processor } from '../tasks/processor';

export type PicenhanceParams = TaskParams<'picenhance'>;

/** Validates the task params against the task table (other keys such as inputKey are ignored); bad values → PARAMS_INVALID. */
export function parsePicenhanceParams(params: Record<string, unknown>): PicenhanceParams {
  const parsed = parseTaskParams('picenhance', params);
  if (!parsed.ok) throw new ApiError(ResultCode.PARAMS_INVALID, parsed.message);
  return parsed.value;
}

/** The `picenhance` processor: progress is reported per tile, cancellation checked between tiles. */
export const picenhanceProcessor: Processor = async (ctx) => {
  const params = parsePicenhanceParams(ctx.params);
  const input = await readInput(ctx);
  await ctx.checkCancelled();
  const result = await enhanceImage(input, {
    strength: params.efMode,
    scale: params.scale,
    mode: params.mode,
    quality: params.quality,
    onProgress: ctx.onProgress,
    checkCancelled: () => ctx.checkCancelled(),
  });
  return result.format === 'jpeg'
    ? { body: result.body, contentType: 'image/jpeg', extension: 'jpg' }
    : { body: result.body, contentType: 'image/png', extension: 'png' };
};
