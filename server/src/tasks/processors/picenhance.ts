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
import { z } from 'zod';
import { ENHANCE_STRENGTHS } from '../../../../engine/spec/kinds';
import { ResultCode } from '../../../../engine/spec/errors';
import { ApiError } from '../../envelope';
import { ENHANCE_DEFAULTS, enhanceImage } from '../../models/esrgan';
import { readInput, type Processor } from '../processor';

const paramsSchema = z.object({
  efMode: z.enum(ENHANCE_STRENGTHS, { error: `efMode must be one of ${ENHANCE_STRENGTHS.join(', ')}` }).default(ENHANCE_DEFAULTS.efMode),
  // JSON clients may send the scale as "2"/"4"; anything else is an error, never a silent default.
  scale: z
    .union([z.literal(2), z.literal(4), z.literal('2'), z.literal('4')], { error: 'scale must be 2 or 4' })
    .transform((v) => Number(v) as 2 | 4)
    .default(ENHANCE_DEFAULTS.scale),
  mode: z.enum(['upscale', 'denoise'], { error: 'mode must be upscale or denoise' }).default(ENHANCE_DEFAULTS.mode),
  quality: z.enum(['fast', 'high'], { error: 'quality must be fast or high' }).default(ENHANCE_DEFAULTS.quality),
});

export type PicenhanceParams = z.infer<typeof paramsSchema>;

/** Validates the task params (other keys such as inputKey are ignored); bad values → PARAMS_INVALID. */
export function parsePicenhanceParams(params: Record<string, unknown>): PicenhanceParams {
  const pick = (key: string) => (params[key] === null ? undefined : params[key]);
  const parsed = paramsSchema.safeParse({ efMode: pick('efMode'), scale: pick('scale'), mode: pick('mode'), quality: pick('quality') });
  if (!parsed.success) throw new ApiError(ResultCode.PARAMS_INVALID, parsed.error.issues[0]?.message ?? 'invalid params');
  return parsed.data;
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
