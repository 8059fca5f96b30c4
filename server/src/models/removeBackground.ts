import sharp from 'sharp';
import { UPLOAD_MAX_PIXELS } from '../../../engine/spec/limits';
import { backgroundBusyness, firstPassTooUnsure, mergeWhereUnsure, unsureShare, unsureWeight } from './cutoutMerge';
import {
  clearOutsideCrops,
  DEFAULT_CUTOUT_OPTIONS,
  firstPassPixels,
  mergeSecondPass,
  passSize,
  planSecondPasses,
  subjectGroups,
  type Box,
  type CutoutOptions,
  type SecondPassPlan,
  type Size,
} from './cutoutPasses';
import { clearedShare, keepsSubject, secondPassVerdict } from './cutoutGuard';
import { decontaminateEdges } from './decontaminate';
import { looksDrawn, pictureStats, type PictureStats } from './illustration';
import { ISNET_SIZE, isnetTakesAnySize, runIsnetAt } from './isnet';

export interface CutoutResult {
  png: Buffer;
  width: number;
  height: number;
  /** Full-resolution alpha (0..255), row-major; callers such as background change reuse it. */
  alpha: Uint8Array;
}

export type ProgressFn = (fraction: number) => void;

/** What the last cut-out did (for benches and logs): pass sizes and the crops of the second passes. */
export interface CutoutTrace {
  firstPass: Size;
  /** One per subject group seen up close (empty when none ran). */
  secondPasses: SecondPassPlan[];
  /** The guard's verdict per second pass ('ok' when merged), plus 'fallback' when the single pass was used. */
  verdicts: string[];
  /** The picture looked drawn: the single pass was kept. */
  drawn: boolean;
}
let lastTrace: CutoutTrace | null = null;
/** The trace of the most recent `removeBackground` in this thread. */
export const lastCutoutTrace = (): CutoutTrace | null => lastTrace;

/** Runs IS-Net on `region` of the RGBA photo (transparent areas shown as white) at `size`; alpha 0..255 at `size`. */
export async function isnetPass(
  rgba: Buffer,
  photo: Size,
  region: { x: number; y: number; width: number; height: number } | null,
  size: Size,
): Promise<Uint8Array> {
  let image = sharp(rgba, { raw: { width: photo.width, height: photo.height, channels: 4 } });
  if (region) image = image.extract({ left: region.x, top: region.y, width: region.width, height: region.height });
  const modelInput = await image.flatten({ background: '#ffffff' }).resize(size.width, size.height, { fit: 'fill', kernel: 'linear' }).raw().toBuffer();
  const prediction = await runIsnetAt(modelInput, size.width, size.height);
  const mask = new Uint8Array(size.width * size.height);
  for (let i = 0; i < mask.length; i++) {
    const v = prediction[i];
    mask[i] = v <= 0 ? 0 : v >= 1 ? 255 : Math.round(v * 255);
  }
  return mask;
}

/** Resizes a one-channel mask (bilinear). */
export async function resizeMask(mask: Uint8Array, from: Size, to: Size): Promise<Uint8Array> {
  if (from.width === to.width && from.height === to.height) return mask;
  // extractChannel: resizing a 1-channel raw buffer otherwise comes back as 3-channel sRGB.
  const buf = await sharp(mask, { raw: { width: from.width, height: from.height, channels: 1 } })
    .resize(to.width, to.height, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return new Uint8Array(buf.buffer, buf.byteOffset, to.width * to.height);
}

/**
 * {@link pictureStats} of a photo's pixels (`channels` 3 or 4), sampled at ≤ 512 px on the long side by
 * taking every n-th pixel (no averaging, which would wipe out the fine texture that tells photos apart).
 */
export function pictureStatsOf(pixels: Buffer | Uint8Array, photo: Size, channels: number): PictureStats {
  const step = Math.max(1, Math.ceil(Math.max(photo.width, photo.height) / 512));
  const w = Math.floor(photo.width / step),
    h = Math.floor(photo.height / step);
  const small = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * step * photo.width + x * step) * channels;
      small.set(pixels.subarray(i, i + 3), (y * w + x) * 3);
    }
  }
  return pictureStats(small, w, h, 3);
}

/** Decodes a photo once (EXIF-upright, sRGB, 8-bit RGBA); every later step works from these pixels. */
export async function decodeUpright(input: Buffer): Promise<{ rgba: Buffer; photo: Size }> {
  const { data: rgba, info } = await sharp(input, { failOn: 'error', limitInputPixels: UPLOAD_MAX_PIXELS })
    .rotate()
    .toColourspace('srgb')
    .ensureAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { rgba, photo: { width: info.width, height: info.height } };
}

/**
 * The second passes a cut-out runs: subject groups (largest first) whose first-pass matte is unsure
 * enough (`minUnsureShare`), small enough in the frame and gaining enough zoom (`planSecondPasses`).
 */
export async function planCutoutPasses(rgba: Buffer, firstMask: Uint8Array, first: Size, photo: Size, o: CutoutOptions): Promise<SecondPassPlan[]> {
  const groups: Box[] = subjectGroups(firstMask, first.width, first.height, o.minComponentShare, o.groupGap);
  const all = planSecondPasses(groups, first, photo, { ...o, maxSecondPasses: Infinity });
  // Either gate at 0 lets every group through.
  if (o.minUnsureShare <= 0 || o.minBackgroundBusyness <= 0 || all.length === 0) return all.slice(0, o.maxSecondPasses);
  const alpha = await resizeMask(firstMask, first, photo);
  return all.filter((p) => secondPassWanted(rgba, alpha, firstMask, first, photo, p.crop, o)).slice(0, o.maxSecondPasses);
}

/** The gate of one second pass: the first pass is unsure enough there, or the background is busy. */
export function secondPassWanted(rgba: Buffer, firstAlpha: Uint8Array, firstMask: Uint8Array, first: Size, photo: Size, crop: Box, o: CutoutOptions): boolean {
  if (cropUnsureShare(firstMask, first, photo, crop, o) >= o.minUnsureShare) return true;
  return backgroundBusyness(rgba, firstAlpha, photo, crop, o.unsureLo) >= o.minBackgroundBusyness;
}

/** `unsureShare` of the first pass inside a crop given in photo pixels. */
export function cropUnsureShare(firstMask: Uint8Array, first: Size, photo: Size, crop: Box, o: CutoutOptions): number {
  const sx = first.width / photo.width,
    sy = first.height / photo.height;
  const box = { x: Math.floor(crop.x * sx), y: Math.floor(crop.y * sy), width: Math.ceil(crop.width * sx), height: Math.ceil(crop.height * sy) };
  return unsureShare(firstMask, first, box, { lo: o.unsureLo, hi: o.unsureHi });
}

/**
 * The full-size alpha from the first pass's mask (at `first`) and the second passes' masks (each
 * at its plan's size), merged as `o.mergeMode` says; outside every crop cleared when asked. With
 * `o.guard` (the default) every extra step must pass cutoutGuard.ts: a second pass whose matte
 * vanishes, balloons, disagrees with the first or falls apart is not merged, clearing that would
 * remove more than a sliver of the first pass's subject is skipped, and a result that lost the
 * subject is replaced by the single pass. `verdicts` receives one verdict per plan.
 */
export async function combinePasses(
  firstMask: Uint8Array,
  first: Size,
  photo: Size,
  plans: SecondPassPlan[],
  cropMasks: Uint8Array[],
  o: CutoutOptions,
  verdicts: string[] = [],
): Promise<Uint8Array> {
  const firstAlpha = await resizeMask(firstMask, first, photo);
  if (plans.length === 0) return firstAlpha;
  const alpha = new Uint8Array(firstAlpha); // weights and the guard read the untouched first pass
  const g = o.guard;
  const edgeRadius = o.edgeBand * Math.max(photo.width / first.width, photo.height / first.height);
  for (const [k, plan] of plans.entries()) {
    const cropAlpha = await resizeMask(cropMasks[k], plan.size, plan.crop);
    const verdict = g ? secondPassVerdict(firstAlpha, photo, plan.crop, cropAlpha, g) : 'ok';
    verdicts.push(verdict);
    if (verdict !== 'ok') continue; // the first pass stands in this crop
    // Fade over half the margin: the subject itself lies a full margin inside the crop.
    const feather = (o.margin / (1 + 2 * o.margin)) * Math.max(plan.crop.width, plan.crop.height) * 0.5;
    if (o.mergeMode === 'unsure') {
      const weight = unsureWeight(firstAlpha, photo, plan.crop, { lo: o.unsureLo, hi: o.unsureHi }, edgeRadius);
      if (o.secondPassWeight !== 1) for (let i = 0; i < weight.length; i++) weight[i] *= o.secondPassWeight;
      mergeWhereUnsure(alpha, photo, plan.crop, cropAlpha, weight, feather);
    } else {
      mergeSecondPass(alpha, photo, plan.crop, cropAlpha, feather, false, o.mergeMode);
    }
  }
  const crops = plans.map((p) => p.crop);
  if (o.clearOutsideCrop && (!g || clearedShare(firstAlpha, photo, crops) <= g.maxClearedShare)) clearOutsideCrops(alpha, photo, crops);
  if (g && !keepsSubject(firstAlpha, alpha, g)) {
    verdicts.push('fallback');
    return firstAlpha;
  }
  return alpha;
}

/** What the IS-Net passes of one cut-out saw, before they are merged (benches cache these). */
export interface CutoutPasses {
  first: Size;
  /** The first pass's mask at `first`. */
  firstMask: Uint8Array;
  plans: SecondPassPlan[];
  /** One mask per plan, at its `size`. */
  cropMasks: Uint8Array[];
  /** The picture looked drawn (illustration.ts), so no second pass was planned. */
  drawn: boolean;
}

/**
 * The IS-Net passes of a cut-out: the first pass (at the photo's shape, again at the floor when a small
 * photo's quick pass was too unsure) and the planned second passes on subject groups.
 */
export async function runCutoutPasses(rgba: Buffer, photo: Size, o: CutoutOptions, onProgress: ProgressFn = () => undefined): Promise<CutoutPasses> {
  const anySize = await isnetTakesAnySize();
  let first = anySize ? passSize(photo.width, photo.height, firstPassPixels(photo, o)) : { width: ISNET_SIZE, height: ISNET_SIZE };
  let firstMask = await isnetPass(rgba, photo, null, first);
  // A small photo's quick pass that found nothing sure is run again at the floor (a tree vanished at 0.45 MP).
  const floor = passSize(photo.width, photo.height, Math.min(o.maxPassPixels, Math.max(o.minPassPixels, photo.width * photo.height)));
  if (
    anySize &&
    o.firstPassFallbackShare <= 1 &&
    first.width * first.height < 0.9 * floor.width * floor.height &&
    firstPassTooUnsure(firstMask, first, { lo: o.unsureLo, hi: o.unsureHi }, o.firstPassFallbackShare)
  ) {
    first = floor;
    firstMask = await isnetPass(rgba, photo, null, first);
  }
  onProgress(0.45);

  // A drawn picture keeps its single pass (illustration.ts; issue 29: the second pass lost an anime face).
  const drawn = o.illustrationSinglePass && looksDrawn(pictureStatsOf(rgba, photo, 4));
  const plans = anySize && !drawn ? await planCutoutPasses(rgba, firstMask, first, photo, o) : [];
  const cropMasks: Uint8Array[] = [];
  for (const [k, plan] of plans.entries()) {
    cropMasks.push(await isnetPass(rgba, photo, plan.crop, plan.size));
    onProgress(0.45 + (0.3 * (k + 1)) / plans.length);
  }
  return { first, firstMask, plans, cropMasks, drawn };
}

/**
 * Cuts the salient subject out of a photo, EXIF-upright, as a PNG with alpha at full resolution.
 * 1. IS-Net sees the whole photo with its shape kept, at 0.8–1 MP (smaller lost subjects on
 *    the tuning composites), on the any-size model copy.
 * 2. The subject's parts are grouped by distance (a kite high up, two people on the beach); each
 *    group that fills at most a fifth of the frame is cut out again from a crop around it at up to
 *    0.6–1 MP (at most two groups), and that matte replaces the first inside the crop; what the
 *    first pass found outside every crop is dropped (stray blobs in busy scenes).
 * 3. Edge colours are decontaminated (decontaminate.ts).
 * `options` exists for the benches; the server uses the defaults.
 * @example const { png } = await removeBackground(await readFile('cat.jpg'))
 */
export async function removeBackground(input: Buffer, onProgress: ProgressFn = () => undefined, options: Partial<CutoutOptions> = {}): Promise<CutoutResult> {
  const o: CutoutOptions = { ...DEFAULT_CUTOUT_OPTIONS, ...options };
  const { rgba, photo } = await decodeUpright(input);
  onProgress(0.1);

  const passes = await runCutoutPasses(rgba, photo, o, onProgress);
  const verdicts: string[] = [];
  const alpha = await combinePasses(passes.firstMask, passes.first, photo, passes.plans, passes.cropMasks, o, verdicts);
  lastTrace = { firstPass: passes.first, secondPasses: passes.plans, verdicts, drawn: passes.drawn };
  // Keep any transparency the input already had.
  for (let i = 0; i < alpha.length; i++) {
    const inputAlpha = rgba[i * 4 + 3];
    if (inputAlpha < 255) alpha[i] = Math.round((alpha[i] * inputAlpha) / 255);
  }
  onProgress(0.8);

  decontaminateEdges(rgba, alpha, photo.width, photo.height);
  onProgress(0.9);

  const png = await sharp(rgba, { raw: { width: photo.width, height: photo.height, channels: 4 } })
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
  onProgress(1);
  return { png, width: photo.width, height: photo.height, alpha };
}
