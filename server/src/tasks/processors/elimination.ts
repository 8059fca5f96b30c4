/**
 * Magic eraser (task type `elimination`, page /tools/magic-eraser-with-ai-detection): fills the white area of
 * an uploaded mask (param `maskUrl`, same size as the photo) with its surroundings.
 *
 * Params: `maskUrl` (required), `quality`: 'best' (default) or 'fast' (OpenCV Telea on the mask grown by 2 px, well
 * under a second; the live preview's fill).
 * 'best' is our own fill (models/inpaint/bestFill.ts), chosen per hole: a harmonic fill for thin strokes and small
 * holes, a multi-scale patch fill from an edge-bounded band around larger ones, blended into the surroundings. It
 * changes no pixel outside the mask and needs no external program (bench/erase measures it against 'fast' and a
 * mean-colour fill).
 */
import { ResultCode } from '../../../../engine/spec/errors';
import { FILL_QUALITIES, parseTaskParams, type FillQuality } from '../../../../engine/spec/tasks';
import { ApiError } from '../../envelope';
import { GmicMissingError, inpaintBest, inpaintTelea, withCancelTicker } from '../../models/inpaint';
import { readParamFile } from '../paramFiles';
import { readInput, type Processor, type ProcessorContext, type ProcessorOutput } from '../processor';

export type EraseQuality = FillQuality;
export const ERASE_QUALITIES: readonly EraseQuality[] = FILL_QUALITIES;

/** Reads `quality` (default 'best') with the task table's rule; anything else is PARAMS_INVALID. */
export function parseQuality(value: unknown): EraseQuality {
  const parsed = parseTaskParams('elimination', { quality: value === '' ? undefined : value });
  if (!parsed.ok) throw new ApiError(ResultCode.PARAMS_INVALID, parsed.message);
  return parsed.value.quality;
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
 * Erases with the requested method, reporting progress and stopping between regions when the user cancels.
 * `fallbackToTelea`: kept for callers; it only matters if the best fill reports a missing external program
 * (GmicMissingError), which the current best fill never does.
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
      png = await withCancelTicker(ctx, 0.15, 0.9, (signal) => inpaintBest(image, mask, { signal }));
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
