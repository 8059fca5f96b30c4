/**
 * Magic eraser (task type `elimination`, page /tools/magic-eraser-with-ai-detection): fills the white area of
 * an uploaded mask (param `maskUrl`, same size as the photo) with its surroundings.
 *
 * Params: `maskUrl` (required), `quality`: 'best' (default) or 'fast' (OpenCV Telea on the mask grown by 2 px, well
 * under a second; the live preview's fill).
 * 'best' is our own fill (models/inpaint/bestFill.ts), chosen per hole: a harmonic fill for thin strokes and small
 * holes, a multi-scale patch fill from an edge-bounded band around larger ones, blended into the surroundings. It
 * changes no pixel outside the mask and needs no external program (bench/erase measures it against 'fast' and a
 * mean-colour fill). For holes deep enough to get the patch fill, the photo's objects (IS-Net saliency and the COCO
 * detector's objects of the erased kind: models/objectSources.ts) are kept out of the patches' sources, so an erased
 * car is not rebuilt from the car beside it (issue 26; bench/erase/objects.ts measures it on composites).
 *
 * The result URL says which fill made it (`?fill=`, ERASE_FILLS): the page shows it.
 */
import sharp from 'sharp';
import { ResultCode } from '../../../engine/spec/errors';
import { parseTaskParams, type FillQuality } from '../../../engine/spec/tasks';
import { ApiError } from '../envelope';
import { inpaintBest, inpaintTelea, withCancelTicker, type FillReport } from '../models/inpaint';
import { THIN_DEPTH } from '../models/inpaint/bestFill';
import { assertUsableMask, decodeMask } from '../models/inpaint/raster';
import { distanceInside } from '../models/inpaint/smooth';
import { objectSources } from '../models/objectSources';
import { readParamFile } from '../tasks/paramFiles';
import { readInput, type Processor, type ProcessorContext, type ProcessorOutput } from '../tasks/processor';

export type EraseQuality = FillQuality;

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

/**
 * Which fill made an eraser result (the result URL's `fill`): `patch` = patches from the background around the hole,
 * `smooth` = every hole thin enough for the smooth fill, `fast` = Telea, `learned` = the LaMa workflow on ComfyUI.
 */
export type EraseFill = 'patch' | 'smooth' | 'fast' | 'learned';

/** The mask's deepest hole (px to the nearest kept pixel), on the mask as sent. */
export async function deepestHole(mask: Buffer): Promise<{ depth: number; width: number; height: number }> {
  const m = await decodeMask(mask);
  const hole = new Uint8Array(m.data.length);
  for (let i = 0; i < hole.length; i++) hole[i] = m.data[i] ? 1 : 0;
  const d = distanceInside(hole, m.width, m.height);
  let depth = 0;
  for (let i = 0; i < d.length; i++) if (d[i] > depth) depth = d[i];
  return { depth, width: m.width, height: m.height };
}

/**
 * Holes at least this deep (px to the nearest kept pixel) are object-sized: only they pay for the object detectors
 * (about a second of IS-Net and CenterNet); a smaller hole's source band (3× its depth) rarely reaches another object.
 */
export function objectHoleDepth(width: number, height: number): number {
  return Math.max(16, 0.015 * Math.min(width, height));
}

/** The objects to keep out of the fill's sources, when some hole is object-sized (else null: no cost). */
async function avoidFor(image: Buffer, mask: Buffer) {
  const binary = await decodeMask(mask);
  const { depth } = await deepestHole(mask);
  if (depth <= THIN_DEPTH || depth < objectHoleDepth(binary.width, binary.height)) return null;
  const { width, height } = await uprightSize(image);
  assertUsableMask(binary, width, height);
  return objectSources(image, binary);
}

async function uprightSize(image: Buffer): Promise<{ width: number; height: number }> {
  const meta = await sharp(image).metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  return { width: (turned ? meta.height : meta.width) ?? 0, height: (turned ? meta.width : meta.height) ?? 0 };
}

/** Erases with the requested method, reporting progress and stopping between regions when the user cancels. */
export async function erase(ctx: ProcessorContext, quality: EraseQuality): Promise<ProcessorOutput> {
  const { image, mask } = await readImageAndMask(ctx);
  ctx.onProgress(0.1);
  await ctx.checkCancelled();
  let png: Buffer;
  let fill: EraseFill = 'fast';
  if (quality === 'fast') {
    png = await inpaintTelea(image, mask, { dilatePx: 2 });
  } else {
    const objects = await avoidFor(image, mask);
    ctx.onProgress(0.15);
    await ctx.checkCancelled();
    const report: FillReport = { patched: 0, avoided: 0 };
    png = await withCancelTicker(ctx, 0.15, 0.9, (signal) => inpaintBest(image, mask, { signal, report, ...(objects ? { avoidMask: objects.avoid } : {}) }));
    fill = report.patched > 0 ? 'patch' : 'smooth';
  }
  await ctx.checkCancelled();
  ctx.onProgress(1);
  return { body: png, contentType: 'image/png', extension: 'png', resultQuery: { fill } };
}

/** Task `elimination`: erase the masked area ('best' by default). */
export const eliminationProcessor: Processor = async (ctx) => erase(ctx, parseQuality(ctx.params.quality));
