/**
 * Classical inpainting shared by the eraser, watermark, scratch and extender tools (models-restoration.md §2): our own
 * patch fill for quality (bestFill.ts), OpenCV Telea for speed. Masks are images of the photo's size, white = fill.
 * (G'MIC's inpaint_matchpatch was the quality fill before our own; issue 26 measured it against ours on held-out
 * composites and removed it with its install step: bench/README.md.)
 *
 * Only the mask's surroundings are filled (the mask's box plus its own size of context on each side, see
 * region.ts), scaled down when that region is above the method's pixel budget; pixels outside the (dilated)
 * mask always come back unchanged.
 */
import { type BestFillOptions, bestFill } from './bestFill';

export type { FillReport } from './bestFill';
import { assertUsableMask, type BinaryMask, coverageOf, decodeImage, decodeMask, dilateMask, encodePng, type Raster } from './raster';
import { fillInRegion, type RasterFill } from './region';
import { runTelea } from './telea';

export { withCancelTicker } from './cancel';

export const DEFAULT_TELEA_RADIUS = 5;
/** Telea is ≈0.25 s per megapixel. */
export const TELEA_MAX_FILL_PIXELS = 16_000_000;

export interface TeleaOptions {
  /** Neighbourhood radius of Telea's fast marching (default 5). */
  radius?: number;
  /** Grow the mask by this many pixels first (default 0: detector masks arrive already dilated). */
  dilatePx?: number;
  maxFillPixels?: number;
}

async function prepare(image: Buffer, mask: Buffer, dilatePx: number) {
  const raster = await decodeImage(image);
  const binary = await decodeMask(mask);
  assertUsableMask(binary, raster.width, raster.height);
  return { raster, grown: dilateMask(binary, dilatePx) };
}

const png = (raster: Raster, data: Buffer) => encodePng({ ...raster, data });

/**
 * Fills the white area of `mask` with OpenCV's Telea method (instant: ≈0.25 s at 1 MP). Good for thin
 * strokes, text and scratches; large areas become smears. Returns an 8-bit PNG of the upright image's size; pixels
 * outside the (dilated) mask are unchanged. Throws ApiError PARAMS_INVALID for a mask of another size ('the mask is
 * WxH, the image is W2xH2'), an empty mask ('the mask is empty') or a full one.
 */
export async function inpaintTelea(image: Buffer, mask: Buffer, opts: TeleaOptions = {}): Promise<Buffer> {
  const { raster, grown } = await prepare(image, mask, opts.dilatePx ?? 0);
  const radius = opts.radius ?? DEFAULT_TELEA_RADIUS;
  const fill: RasterFill = async (items) => {
    const out: Buffer[] = [];
    for (const item of items) out.push(await runTelea(item.raster, item.mask, radius));
    return out;
  };
  return png(raster, await fillInRegion(raster, grown, fill, opts.maxFillPixels ?? TELEA_MAX_FILL_PIXELS));
}

/** Our patch fill runs in this process: regions above this many pixels are filled on a scaled copy. */
export const BEST_MAX_FILL_PIXELS = 1_000_000;

export interface BestOptions extends Omit<BestFillOptions, 'avoid'> {
  /** Grow the mask by this many pixels first (default 0: pixels outside the user's mask never change). */
  dilatePx?: number;
  /** Full-size mask of pixels not to copy from (the photo's other objects: objectSources.ts); see BestFillOptions.avoid. */
  avoidMask?: BinaryMask;
  maxFillPixels?: number;
  signal?: AbortSignal;
}

/**
 * The eraser's default fill (bestFill.ts): per hole, a harmonic fill for thin strokes and small holes, a multi-scale
 * patch fill from an edge-bounded band around the hole for larger ones, blended into the surroundings (seam
 * correction + feather). Same PNG output and mask errors as {@link inpaintTelea}; only mask pixels change.
 * @example const png = await inpaintBest(photo, maskPng)
 */
export async function inpaintBest(image: Buffer, mask: Buffer, opts: BestOptions = {}): Promise<Buffer> {
  const { raster, grown } = await prepare(image, mask, opts.dilatePx ?? 0);
  const { avoidMask, ...rest } = opts;
  if (avoidMask && (avoidMask.width !== raster.width || avoidMask.height !== raster.height)) throw new Error('the avoid mask is not of the photo size');
  const fill: RasterFill = async (items) => {
    const out: Buffer[] = [];
    for (const item of items) {
      opts.signal?.throwIfAborted();
      out.push(await bestFill(item.raster, item.mask, { ...rest, ...(item.avoid ? { avoid: item.avoid.data } : {}) }));
    }
    return out;
  };
  return png(raster, await fillInRegion(raster, grown, fill, opts.maxFillPixels ?? BEST_MAX_FILL_PIXELS, avoidMask));
}

/** Size of a mask image and the fraction of it painted white (0..1). */
export async function maskStats(mask: Buffer): Promise<{ width: number; height: number; coverage: number }> {
  const binary = await decodeMask(mask);
  return { width: binary.width, height: binary.height, coverage: coverageOf(binary) };
}
