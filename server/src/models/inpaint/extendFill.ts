/**
 * The image extender's fill of the new border around a photo (our own code):
 * 1. coarse to fine: the multi-scale patch fill (patchFill.ts) starts, at low resolution, from the mirrored and
 *    blurred continuation of the photo (structure first: each side continues what is next to it; the harmonic fill
 *    used before carried one corner's colours along a whole side) and adds texture level by level;
 * 2. sources by side: every target copies only from the strip of the photo along its own side
 *    (EXTEND_STRIP_SHARE of the photo, less next to the photo) and near its own height or column (sourceWindow), so
 *    the sky is not copied under the ground and a subject in the middle does not reappear in a corner;
 * 3. a cap on copies: one source patch may serve at most EXTEND_MAX_COPIES target patches where the strip allows, so
 *    one tree or one window is not stamped into a column of clones; the last pass copies each pixel from its own
 *    patch (no averaging), which keeps the grain instead of a soft smear;
 * 4. the seam: the patch fill's error on the photo's edge pixels is spread over the border as a membrane (the
 *    Poisson correction of bestFill.ts), so no colour step shows at the photo's edge;
 * 5. where patch match would clone recognisable content (its sources are salient: strong, structured edges such as
 *    objects, faces, text), the fill fades to the mirrored continuation, blurred more the farther it is from the
 *    photo: a calm background extension instead of half objects;
 * 6. objects: given the photo's subject (extendSubject.ts), subject pixels are never patch sources, and the subject's
 *    pixels in the strips are replaced by the background beside them before anything is continued (extendObjects.ts),
 *    with a soft end (OBJECT_END_PX, at most a quarter of the border) where the edge cuts them; a side whose edge is
 *    mostly subject continues the background beside the subject; without the model objects continue as before;
 * 7. repeats: where a block of the photo was copied more than EXTEND_MAX_COPIES times over (copiesOfSource), the fill
 *    fades to the mirrored continuation, which far from the photo is blurred over more than its own repeat;
 * 8. noise: where neighbouring targets copy from unrelated places (coherenceOf), the sharp finish is a speckle of
 *    single pixels, so the fill fades to the mirrored continuation there as well.
 */
import { type BinaryMask, type Raster } from './raster';
import { insideOfRing, ringOf, seamCorrection, toFloat } from './bestFill';
import { patchFill } from './patchFill';
import { cutObjects } from './extendObjects';
import { boxBlur, mirrorAt, mirroredContinuation, type PhotoRect, stripOf } from './extendMirror';
import { distanceInside, type FloatImage } from './smooth';
import { edgeStrength } from './source';

export type { PhotoRect } from './extendMirror';

/** The most target patches one source patch may serve. */
export const EXTEND_MAX_COPIES = 3;

/** Depth of the strip along a side that a target `d` px beyond that side may copy from (photo `dim` px across). */
const stripDepth = (d: number, dim: number) => Math.min(stripOf(dim), Math.max(12, 8 + d / 2));

/**
 * Each target's source box: on an axis where the target lies beyond the photo, the strip of the photo along that
 * side (deeper the farther out the target is); on an axis where it lies within the photo's extent, its own position
 * ± (8 px + a quarter of its distance from the photo): a horizon or a wall's edge continues at its own height.
 */
export function sourceWindow(rect: PhotoRect): (x: number, y: number) => [number, number, number, number] {
  const { left: L, top: T, width: W, height: H } = rect;
  return (x, y) => {
    const dx = x < L ? L - x : x >= L + W ? x - (L + W - 1) : 0;
    const dy = y < T ? T - y : y >= T + H ? y - (T + H - 1) : 0;
    const axis = (v: number, d: number, other: number, lo: number, n: number): [number, number] => {
      const reach = 8 + other / 4;
      if (d === 0) return [Math.max(lo, v - reach), Math.min(lo + n - 1, v + reach)];
      const s = stripDepth(d, n);
      return v < lo ? [lo, lo + s] : [lo + n - 1 - s, lo + n - 1];
    };
    const [x0, x1] = axis(x, dx, dy, L, W);
    const [y0, y1] = axis(y, dy, dx, T, H);
    return [x0, x1, y0, y1];
  };
}

/**
 * The coarse start of the patch fill: the blurred mirrored continuation (not the harmonic fill, which carries one
 * side's colours along the whole border: a subject touching the bottom corner turned the middle of the side orange),
 * and as first source of each target the photo pixel it mirrors.
 */
function mirrorStart(mirrored: Float32Array, rect: PhotoRect, w: number, h: number, c: number) {
  return {
    fill: (img: FloatImage, hole: Uint8Array, scale: number) => {
      for (let i = 0; i < hole.length; i++) {
        if (!hole[i]) continue;
        const x = i % img.width;
        const y = (i - x) / img.width;
        const fx = Math.min(w - 1, Math.floor((x + 0.5) * scale));
        const fy = Math.min(h - 1, Math.floor((y + 0.5) * scale));
        for (let k = 0; k < c; k++) img.data[i * c + k] = mirrored[(fy * w + fx) * c + k];
      }
    },
    source: (x: number, y: number): [number, number] => [mirrorAt(Math.floor(x), rect.left, rect.width), mirrorAt(Math.floor(y), rect.top, rect.height)],
  };
}

function percentile(values: Float32Array, q: number): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** Width of the fade from the photo's mirror image into the fill along the photo's edge. */
export const OBJECT_FADE_PX = 10;
/** Width of the soft end of an object the photo's edge cuts (see extendObjects.ts), at most a quarter of the border. */
export const OBJECT_END_PX = 40;

/** Side of the blocks of the photo whose copies are counted (see copiesOfSource). */
const REUSE_BLOCK = 16;

/**
 * How many times over each part of the photo was copied into the border: target pixels whose source lies in a
 * REUSE_BLOCK² block of the photo, divided by the block's area (the patch fill's own cap counts single patches, while
 * a repeat the eye sees is a whole region copied coherently, patch by patch).
 */
function copiesOfSource(nnf: Int32Array, hole: Uint8Array, w: number): (s: number) => number {
  const bw = Math.ceil(w / REUSE_BLOCK);
  const blockOf = (s: number) => Math.floor((s - (s % w)) / w / REUSE_BLOCK) * bw + Math.floor((s % w) / REUSE_BLOCK);
  const count = new Map<number, number>();
  for (let i = 0; i < hole.length; i++) if (hole[i] && nnf[i] >= 0) count.set(blockOf(nnf[i]), (count.get(blockOf(nnf[i])) ?? 0) + 1);
  return (s) => (count.get(blockOf(s)) ?? 0) / (REUSE_BLOCK * REUSE_BLOCK);
}

/** Shares of coherent neighbours (coherenceOf) below which the fill is all mirror, and above which all patches. */
const INCOHERENT = 0.15;
const COHERENT = 0.45;

/**
 * For each target, the share of its neighbour pairs (right and below, within 4 px) whose sources are neighbours too
 * (within 1 px of the step): 1 where whole pieces of the photo were copied, near 0 where every pixel comes from
 * somewhere else (noise).
 */
function coherenceOf(nnf: Int32Array, hole: Uint8Array, w: number, h: number): Float32Array {
  const pair = new Float32Array(w * h);
  const near = (a: number, b: number, dx: number, dy: number) => {
    if (a < 0 || b < 0) return 0;
    const ax = a % w;
    const bx = b % w;
    return Math.abs(bx - ax - dx) <= 1 && Math.abs((b - bx) / w - (a - ax) / w - dy) <= 1 ? 1 : 0;
  };
  for (let i = 0; i < hole.length; i++) {
    if (!hole[i]) continue;
    const x = i % w;
    let n = 0;
    let ok = 0;
    if (x + 1 < w && hole[i + 1]) {
      n++;
      ok += near(nnf[i], nnf[i + 1], 1, 0);
    }
    if (i + w < w * h && hole[i + w]) {
      n++;
      ok += near(nnf[i], nnf[i + w], 0, 1);
    }
    pair[i] = n ? ok / n : 1;
  }
  return boxBlur({ data: pair, width: w, height: h, channels: 1 }, 4);
}

export interface ExtendFillOptions {
  maxCopies?: number;
  /**
   * Canvas-sized map, 1 = the photo's subject (extendSubject.ts). Subject pixels are never patch sources, and subjects
   * cut by the photo's edge are not continued (extendObjects.ts). Without it objects continue into the border.
   */
  subject?: Uint8Array | null;
  signal?: AbortSignal;
}

/**
 * Fills the border (`mask` white) of an extended canvas whose photo sits at `rect`; returns the canvas's pixels with
 * only the border written. Pixels of the photo are never changed.
 */
export async function extendFill(raster: Raster, mask: BinaryMask, rect: PhotoRect, opts: ExtendFillOptions = {}): Promise<Buffer> {
  const { width: w, height: h, channels: c } = raster;
  const hole = new Uint8Array(w * h);
  for (let i = 0; i < hole.length; i++) hole[i] = mask.data[i] ? 1 : 0;
  // Objects cut by the photo's edge are taken out of what the border continues (extendObjects.ts): the mirror, the
  // patches and the seam all see the background beside them instead.
  const objects = opts.subject ? cutObjects(toFloat(raster), rect, opts.subject) : null;
  const original = objects ? objects.cleaned : toFloat(raster);
  const depth = distanceInside(hole, w, h);
  let maxDepth = 0;
  for (let i = 0; i < depth.length; i++) if (hole[i] && depth[i] > maxDepth) maxDepth = depth[i];
  // Sources: the photo, but each target only from the part of it next to its own side (sourceWindow): the sky is
  // not copied below the ground, nor a subject in the middle into a far corner.
  const allowed = new Uint8Array(w * h);
  for (let i = 0; i < allowed.length; i++) allowed[i] = hole[i] || objects?.mask[i] ? 0 : 1;
  const ring = ringOf(hole, hole, w, h);

  const mirrored = mirroredContinuation(original, rect, depth);
  const work: FloatImage = { ...original, data: new Float32Array(original.data) };
  const filled = await patchFill(work, hole, allowed, maxDepth, ring, {
    maxCopies: opts.maxCopies ?? EXTEND_MAX_COPIES,
    seed: 4242,
    signal: opts.signal,
    iterations: 4,
    window: sourceWindow(rect),
    sharpFinish: true,
    start: mirrorStart(mirrored, rect, w, h, c),
  });
  const out = new Float32Array(mirrored);
  if (filled) {
    const correction = seamCorrection(work, original, hole, ring, insideOfRing(work, hole, ring));
    // Salience of what each target patch copied: the photo's edge strength, blurred, against its own distribution.
    const photoOnly: FloatImage = { ...original, data: new Float32Array(original.data) };
    const edges = edgeStrength(photoOnly);
    const salience = boxBlur({ data: edges, width: w, height: h, channels: 1 }, 4);
    const inPhoto = new Float32Array(rect.width * rect.height);
    for (let y = 0; y < rect.height; y++) for (let x = 0; x < rect.width; x++) inPhoto[y * rect.width + x] = salience[(rect.top + y) * w + rect.left + x];
    const calm = percentile(inPhoto, 0.7);
    const busy = Math.max(calm + 1e-3, percentile(inPhoto, 0.95));
    const copies = copiesOfSource(filled.nnf, hole, w);
    const maxCopies = opts.maxCopies ?? EXTEND_MAX_COPIES;
    const patchWeight = new Float32Array(w * h);
    for (let i = 0; i < hole.length; i++) {
      if (!hole[i]) continue;
      const s = filled.nnf[i];
      const sal = s >= 0 ? salience[s] : busy;
      // A part of the photo copied more than maxCopies times over is a visible repeat: fade to the mirror there.
      const reuse = s >= 0 ? Math.min(1, maxCopies / Math.max(1e-3, copies(s))) : 0;
      patchWeight[i] = reuse * (1 - Math.min(1, Math.max(0, (sal - calm) / (busy - calm))));
    }
    // Where neighbouring targets copy from unrelated places, the sharp finish is a speckle of single pixels (the dog's
    // foliage became green noise): fade to the mirror there too.
    const coherent = coherenceOf(filled.nnf, hole, w, h);
    for (let i = 0; i < hole.length; i++) {
      if (hole[i]) patchWeight[i] *= Math.min(1, Math.max(0, (coherent[i] - INCOHERENT) / (COHERENT - INCOHERENT)));
    }
    // Smooth the choice so the fill never switches from patch to mirror within a few pixels.
    const weight = boxBlur({ data: boxBlur({ data: patchWeight, width: w, height: h, channels: 1 }, 6), width: w, height: h, channels: 1 }, 6);
    for (let i = 0; i < hole.length; i++) {
      if (!hole[i]) continue;
      const wp = Math.min(1, Math.max(0, weight[i]));
      for (let k = 0; k < c; k++) {
        const p = work.data[i * c + k] + correction[i * c + k];
        out[i * c + k] = wp * p + (1 - wp) * mirrored[i * c + k];
      }
    }
  }
  if (objects && objects.count > 0) {
    // An object the edge cuts ends softly: over the first OBJECT_FADE_PX (OBJECT_END_PX next to the object itself) the
    // border fades from the photo's own mirror image (the object, blurred more with depth) into the background,
    // instead of a straight cut along the photo's edge (a 10 px end left a hard line across the cat's head).
    const raw = mirroredContinuation(toFloat(raster), rect, depth);
    const near = boxBlur({ data: Float32Array.from(objects.mask), width: w, height: h, channels: 1 }, 6);
    // Never more than a quarter of the border: in a narrow border a long end would be half the object continued.
    const objectEnd = Math.max(OBJECT_FADE_PX, Math.min(OBJECT_END_PX, maxDepth / 4));
    for (let i = 0; i < hole.length; i++) {
      if (!hole[i] || depth[i] >= objectEnd) continue;
      const x = i % w;
      const y = (i - x) / w;
      const px = Math.min(rect.left + rect.width - 1, Math.max(rect.left, x));
      const py = Math.min(rect.top + rect.height - 1, Math.max(rect.top, y));
      const a = Math.min(1, 2 * near[py * w + px]);
      const length = OBJECT_FADE_PX + a * (objectEnd - OBJECT_FADE_PX);
      const u = Math.min(1, depth[i] / length);
      const t = u * u * (3 - 2 * u);
      for (let k = 0; k < c; k++) out[i * c + k] = raw[i * c + k] + t * (out[i * c + k] - raw[i * c + k]);
    }
  }
  const bytes = Buffer.from(raster.data);
  for (let i = 0; i < hole.length; i++) {
    if (!hole[i]) continue;
    for (let k = 0; k < c; k++) bytes[i * c + k] = Math.max(0, Math.min(255, Math.round(out[i * c + k])));
  }
  return bytes;
}
