/**
 * Magic eraser (task type `elimination`, page /tools/magic-eraser-with-ai-detection): fills the white area of
 * an uploaded mask (param `maskUrl`, same size as the photo) with its surroundings.
 *
 * Params: `maskUrl` (required), `quality`: 'best' (default, G'MIC PatchMatch, 5–10 s at 1 MP) or 'fast'
 * (OpenCV Telea, well under a second; fine for thin strokes, smears on big objects).
 * When the gmic binary is missing, 'best' falls back to Telea with a logged note instead of failing.
 */
import { ResultCode } from '../../../../engine/spec/errors';
import { ApiError } from '../../envelope';
import { GmicMissingError, inpaintGmic, inpaintTelea, withCancelTicker } from '../../models/inpaint';
import { readParamFile } from '../paramFiles';
import { readInput, type Processor, type ProcessorContext, type ProcessorOutput } from '../processor';

export type EraseQuality = 'fast' | 'best';
export const ERASE_QUALITIES: readonly EraseQuality[] = ['fast', 'best'];

/** Reads `quality` (default 'best'); anything else is PARAMS_INVALID. */
export function parseQuality(value: unknown): EraseQuality {
  if (value === undefined || value === null || value === '') return 'best';
  if (typeof value === 'string' && (ERASE_QUALITIES as readonly string[]).includes(value)) return value as EraseQuality;
  throw new ApiError(ResultCode.PARAMS_INVALID, `quality must be one of ${ERASE_QUALITIES.join(', ')}`);
}

/** The photo and its mask; a missing mask is PARAMS_INVALID. */
export async function readImageAndMask(ctx: ProcessorContext): Promise<{ image: Buffer; mask: Buffer }> {
  const image = await readInput(ctx);
  const mask = await readParamFile(ctx, 'maskUrl');
  if (!mask) throw new ApiError(ResultCode.PARAMS_INVALID, 'maskUrl is required: upload a PNG mask of the photo size, white where to erase');
  return { image, mask };
}

let notedMissingGmic = false;

/**
 * Erases with the requested method, reporting progress and stopping G'MIC when the user cancels.
 * `fallbackToTelea`: when G'MIC is not installed, use Telea (logged once) instead of SERVICE_UNAVAILABLE.
 */
export async function erase(ctx: ProcessorContext, quality: EraseQuality, fallbackToTelea: boolean): Promise<ProcessorOutput> {
  const { image, mask } = await readImageAndMask(ctx);
  ctx.onProgress(0.1);
  await ctx.checkCancelled();
  let png: Buffer;
  if (quality === 'fast') {
    png = await inpaintTelea(image, mask, { dilatePx: 2 });
  } else {
    try {
      png = await withCancelTicker(ctx, 0.15, 0.9, (signal) => inpaintGmic(image, mask, { signal }));
    } catch (err) {
      if (!(err instanceof GmicMissingError) || !fallbackToTelea) throw err;
      if (!notedMissingGmic) {
        notedMissingGmic = true;
        console.warn(`${ctx.taskId}: ${err.message}. Erasing with the faster, smoother Telea fill instead.`);
      }
      png = await inpaintTelea(image, mask, { dilatePx: 2 });
    }
  }
  await ctx.checkCancelled();
  ctx.onProgress(1);
  return { body: png, contentType: 'image/png', extension: 'png' };
}

/** Task `elimination`: erase the masked area ('best' by default). */
export const eliminationProcessor: Processor = async (ctx) => erase(ctx, parseQuality(ctx.params.quality), true);
