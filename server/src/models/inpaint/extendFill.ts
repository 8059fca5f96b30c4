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
 *    photo: a calm background extension instead of half objects.
 * Objects cut by the photo's edge still continue into the border (a mirrored half of them): a classical fill cannot
 * tell an object from background.
 */
import { type BinaryMask, type Raster } from './raster';
import { insideOfRing, ringOf, seamCorrection, toFloat } from './bestFill';
import { patchFill } from './patchFill';
import { distanceInside, type FloatImage } from './smooth';
import { edgeStrength } from './source';

/** The most target patches one source patch may serve. */
export const EXTEND_MAX_COPIES = 3;

/** Where the photo sits in the canvas. */
export interface PhotoRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The share of the photo, along each side, that the border continues: the fill copies from this strip and the
 * mirrored continuation repeats it (mirrored back and forth). Deeper strips carried a subject in the middle of the
 * photo into the border (the astronaut's suit became an orange blob beside the flag).
 */
export const EXTEND_STRIP_SHARE = 0.12;

const stripOf = (n: number) => Math.min(n, Math.max(12, Math.round(EXTEND_STRIP_SHARE * n)));

/** The photo coordinate (photo spans lo..lo+n-1) that border coordinate `v` mirrors, within the side's strip. */
export function mirrorAt(v: number, lo: number, n: number): number {
  if (v >= lo && v < lo + n) return v;
  const m = stripOf(n);
  const d = v < lo ? lo - v - 1 : v - lo - n;
  const t = d % (2 * m);
  const idx = t < m ? t : 2 * m - 1 - t;
  return v < lo ? lo + idx : lo + n - 1 - idx;
}

/** Box blur of a float image, `radius` px, both directions (running sums). */
function boxBlur(img: FloatImage, radius: number): Float32Array {
  const { width: w, height: h, channels: c } = img;
  const tmp = new Float32Array(img.data.length);
  const out = new Float32Array(img.data.length);
  for (let y = 0; y < h; y++) {
    for (let k = 0; k < c; k++) {
      let acc = 0;
      for (let x = -radius; x <= radius; x++) acc += img.data[(y * w + Math.min(w - 1, Math.max(0, x))) * c + k];
      for (let x = 0; x < w; x++) {
        tmp[(y * w + x) * c + k] = acc / (2 * radius + 1);
        acc += img.data[(y * w + Math.min(w - 1, x + radius + 1)) * c + k] - img.data[(y * w + Math.max(0, x - radius)) * c + k];
      }
    }
  }
  for (let x = 0; x < w; x++) {
    for (let k = 0; k < c; k++) {
      let acc = 0;
      for (let y = -radius; y <= radius; y++) acc += tmp[(Math.min(h - 1, Math.max(0, y)) * w + x) * c + k];
      for (let y = 0; y < h; y++) {
        out[(y * w + x) * c + k] = acc / (2 * radius + 1);
        acc += tmp[(Math.min(h - 1, y + radius + 1) * w + x) * c + k] - tmp[(Math.max(0, y - radius) * w + x) * c + k];
      }
    }
  }
  return out;
}

/** The mirrored continuation: each border pixel takes the photo pixel it mirrors, blurred more with distance. */
export function mirroredContinuation(img: FloatImage, rect: PhotoRect, depth: Float32Array): Float32Array {
  const { width: w, height: h, channels: c } = img;
  const mirror: FloatImage = { ...img, data: new Float32Array(img.data) };
  for (let y = 0; y < h; y++) {
    const my = mirrorAt(y, rect.top, rect.height);
    for (let x = 0; x < w; x++) {
      if (x >= rect.left && x < rect.left + rect.width && y >= rect.top && y < rect.top + rect.height) continue;
      const mx = mirrorAt(x, rect.left, rect.width);
      for (let k = 0; k < c; k++) mirror.data[(y * w + x) * c + k] = img.data[(my * w + mx) * c + k];
    }
  }
  const soft = boxBlur({ ...mirror, data: boxBlur(mirror, 3) }, 3);
  const blurred = boxBlur({ ...mirror, data: boxBlur(mirror, 16) }, 16);
  const out = new Float32Array(mirror.data);
  for (let i = 0; i < w * h; i++) {
    if (depth[i] === 0) continue;
    // Sharp next to the photo, then softer, then strongly blurred beyond 48 px.
    const t = Math.min(1, depth[i] / 48);
    for (let k = 0; k < c; k++) {
      const near = mirror.data[i * c + k] + Math.min(1, depth[i] / 8) * (soft[i * c + k] - mirror.data[i * c + k]);
      out[i * c + k] = near + t * (blurred[i * c + k] - near);
    }
  }
  return out;
}

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
    source: (x: number, y: number): [number, number] => [
      mirrorAt(Math.floor(x), rect.left, rect.width), mirrorAt(Math.floor(y), rect.top, rect.height),
    ],
  };
}

function percentile(values: Float32Array, q: number): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

export interface ExtendFillOptions {
  maxCopies?: number;
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
  const original = toFloat(raster);
  const depth = distanceInside(hole, w, h);
  let maxDepth = 0;
  for (let i = 0; i < depth.length; i++) if (hole[i] && depth[i] > maxDepth) maxDepth = depth[i];
  // Sources: the photo, but each target only from the part of it next to its own side (sourceWindow): the sky is
  // not copied below the ground, nor a subject in the middle into a far corner.
  const allowed = new Uint8Array(w * h);
  for (let i = 0; i < allowed.length; i++) allowed[i] = hole[i] ? 0 : 1;
  const ring = ringOf(hole, hole, w, h);

  const mirrored = mirroredContinuation(original, rect, depth);
  const work: FloatImage = { ...original, data: new Float32Array(original.data) };
  const filled = await patchFill(work, hole, allowed, maxDepth, ring, {
    maxCopies: opts.maxCopies ?? EXTEND_MAX_COPIES, seed: 4242, signal: opts.signal, iterations: 4, window: sourceWindow(rect), sharpFinish: true,
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
    const patchWeight = new Float32Array(w * h);
    for (let i = 0; i < hole.length; i++) {
      if (!hole[i]) continue;
      const s = filled.nnf[i];
      const sal = s >= 0 ? salience[s] : busy;
      patchWeight[i] = 1 - Math.min(1, Math.max(0, (sal - calm) / (busy - calm)));
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
  const bytes = Buffer.from(raster.data);
  for (let i = 0; i < hole.length; i++) {
    if (!hole[i]) continue;
    for (let k = 0; k < c; k++) bytes[i * c + k] = Math.max(0, Math.min(255, Math.round(out[i * c + k])));
  }
  return bytes;
}
