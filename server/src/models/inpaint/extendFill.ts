/**
 * The image extender's fill of the new border around a photo (our own code):
 * 1. coarse to fine: the multi-scale patch fill (patchFill.ts) starts from the harmonic fill of the border at low
 *    resolution (the photo's colours and gradients carried outwards: structure first) and adds texture level by
 *    level, copying from a band of the photo along the border that does not reach across strong edges (source.ts);
 * 2. a cap on copies: one source patch may serve at most EXTEND_MAX_COPIES target patches, so one tree or one
 *    window is not stamped into a column of clones;
 * 3. the seam: the patch fill's error on the photo's edge pixels is spread over the border as a membrane (the
 *    Poisson correction of bestFill.ts), so no colour step shows at the photo's edge;
 * 4. where patch match would clone recognisable content (its sources are salient: strong, structured edges such as
 *    objects, faces, text), the fill fades to a mirrored continuation of the photo, blurred more the farther it is
 *    from the photo: a calm background extension instead of half objects.
 */
import { type BinaryMask, type Raster } from './raster';
import { insideOfRing, ringOf, seamCorrection, toFloat } from './bestFill';
import { patchFill } from './patchFill';
import { distanceInside, type FloatImage } from './smooth';
import { edgeStrength, sourceBand } from './source';

/** The most target patches one source patch may serve. */
export const EXTEND_MAX_COPIES = 3;

/** Where the photo sits in the canvas. */
export interface PhotoRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

const reflect = (v: number, lo: number, n: number) => {
  if (n <= 1) return lo;
  let t = v - lo;
  const period = 2 * n;
  t = ((t % period) + period) % period;
  return lo + (t < n ? t : period - 1 - t);
};

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
    const my = reflect(y, rect.top, rect.height);
    for (let x = 0; x < w; x++) {
      if (x >= rect.left && x < rect.left + rect.width && y >= rect.top && y < rect.top + rect.height) continue;
      const mx = reflect(x, rect.left, rect.width);
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
  // Sources: a band of the photo along the new border, reached without crossing strong edges (source.ts), so the
  // subject in the middle of the photo is not copied out into the border.
  let holeArea = 0;
  for (let i = 0; i < hole.length; i++) holeArea += hole[i];
  const allowed = sourceBand(original, hole, new Uint8Array(w * h), Math.max(48, 1.5 * maxDepth), Math.max(5000, holeArea / 2));
  const ring = ringOf(hole, hole, w, h);

  const mirrored = mirroredContinuation(original, rect, depth);
  const work: FloatImage = { ...original, data: new Float32Array(original.data) };
  const filled = await patchFill(work, hole, allowed, maxDepth, ring, { maxCopies: opts.maxCopies ?? EXTEND_MAX_COPIES, seed: 4242, signal: opts.signal, iterations: 4 });
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
