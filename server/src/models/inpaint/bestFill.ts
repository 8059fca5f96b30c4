/**
 * The eraser's default fill, chosen per hole (connected part of the mask) from its size and shape:
 * - thin strokes and small holes (at most THIN_DEPTH px from the nearest known pixel): the harmonic fill, which
 *   continues colours and gradients without a seam and is the best mean-square guess where texture cannot be
 *   recovered anyway;
 * - deeper holes: the multi-scale patch fill (patchFill.ts) from a band around the hole that does not reach across
 *   strong edges (source.ts), over the harmonic fill as its coarse structure; then the seam is blended: the patch
 *   fill's own error on the ring of real pixels around the hole is spread over the hole as a membrane (a Poisson
 *   correction: no colour step at the border), and the first FEATHER_PX pixels fade from the harmonic fill into the
 *   texture (no edge step either).
 * Only hole pixels are written.
 */
import { patchFill } from './patchFill';
import type { BinaryMask, Raster } from './raster';
import { distanceInside, type FloatImage, harmonicFill } from './smooth';
import { sourceBand } from './source';
import { chosenSmoothFill } from './smoothChoice';
import { runTelea } from './telea';

/** Neighbourhood radius of the Telea smooth base (as the 'fast' fill's). */
const TELEA_BASE_RADIUS = 5;

/** Holes at most this deep (px to the nearest known pixel) are filled smoothly. */
export const THIN_DEPTH = 6;
/** Width of the fade from the smooth border into the patch texture. */
export const FEATHER_PX = 4;
/**
 * Beyond this many px from the border the copied texture counts for less, as falloff ÷ depth of it over the smooth
 * fill: the further a pixel lies from anything known, the less likely a copied patch is right there, and a wrong
 * patch costs more than a plain guess (issue 26: on large holes the patches brought pieces of other things). Chosen
 * on the tuning composites of bench/erase/objects.ts (4, 6, 8, 12, 16, 24 px tried; smaller is smoother):
 * bench/README.md has the figures.
 */
export const TEXTURE_FALLOFF_PX = 8;
/** …or this share of the hole's depth where that is more (holes deeper than ~53 px, in regions larger than the bench's). */
export const TEXTURE_FALLOFF_DEPTH_SHARE = 0.15;

export interface BestFillOptions {
  thinDepth?: number;
  featherPx?: number;
  /**
   * Pixels next to the hole's border that keep the smooth base before the fade into texture starts (default 0). Text
   * removal sets it: a glyph's halo is still in the ring, and there the smooth extrapolation beats copied texture.
   */
  smoothPx?: number;
  /** See TEXTURE_FALLOFF_PX (0: full texture at every depth). */
  textureFalloffPx?: number;
  /** Patch half size; default 3 (7×7 patches). */
  patchRadius?: number;
  /** See PatchFillOptions.maxCopies. */
  maxCopies?: number;
  /** Source band radius as a multiple of the hole's depth (at least 24 px). Default 3. */
  bandFactor?: number;
  /**
   * The smooth fill under the texture (thin holes, and the feathered border of deep ones): 'harmonic' (default) or
   * 'telea' (OpenCV's fast marching: it extrapolates each border pixel from a 5 px neighbourhood and its gradient,
   * so a ring pixel still tinted by a glyph's anti-aliasing does not tint the whole border as the membrane does) or
   * 'auto' (per hole, the mix of Telea, Navier-Stokes and the membrane that best predicts the hole's own ring of real
   * pixels: smoothChoice.ts; text removal uses it).
   */
  smoothBase?: 'harmonic' | 'telea' | 'auto';
  /**
   * Pixels (of the region, 1 = avoid) the patch fill should not copy from: the eraser passes the other objects of the
   * photo (objectSources.ts), so a car's hole is not filled with pieces of the car beside it. A hole whose own ring lies
   * mostly on such pixels (a spot on an object) ignores it, and so does a hole whose band would be too small without them.
   */
  avoid?: Uint8Array;
  /** Filled in by the fill: how many holes got the patch fill, and how many of those kept the objects out of the band. */
  report?: FillReport;
}

/** What {@link bestFill} did, for the task result ("which fill made this"). */
export interface FillReport {
  patched: number;
  avoided: number;
}

/** A hole whose ring lies on avoided pixels more than this share is on an object: it copies from that object. */
export const RING_ON_OBJECT_SHARE = 0.6;

function countOf(band: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < band.length; i++) n += band[i];
  return n;
}

/** 8-connected parts of the hole, as a label per pixel (0 = known) and their count. */
export function labelParts(hole: Uint8Array, w: number, h: number): { labels: Int32Array; count: number } {
  const labels = new Int32Array(w * h);
  let count = 0;
  const stack: number[] = [];
  for (let i = 0; i < hole.length; i++) {
    if (!hole[i] || labels[i]) continue;
    count++;
    labels[i] = count;
    stack.push(i);
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % w;
      const y = (p - x) / w;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const j = ny * w + nx;
          if (hole[j] && !labels[j]) {
            labels[j] = count;
            stack.push(j);
          }
        }
      }
    }
  }
  return { labels, count };
}

export function toFloat(r: Raster): FloatImage {
  const data = new Float32Array(r.data.length);
  for (let i = 0; i < data.length; i++) data[i] = r.data[i];
  return { data, width: r.width, height: r.height, channels: r.channels };
}

/** Known pixels 4-adjacent to `part`. */
export function ringOf(part: Uint8Array, all: Uint8Array, w: number, h: number): Int32Array {
  const ring: number[] = [];
  for (let i = 0; i < part.length; i++) {
    if (all[i]) continue;
    const x = i % w;
    if ((x > 0 && part[i - 1]) || (x < w - 1 && part[i + 1]) || (i >= w && part[i - w]) || (i < (h - 1) * w && part[i + w])) ring.push(i);
  }
  return Int32Array.from(ring);
}

/**
 * What the fill says just inside the border, for each ring pixel: the mean of its 4-neighbours in the hole. (The
 * patches' own vote on the ring is no use: patches overlapping the ring were matched to it, so they agree with it
 * while the texture a few pixels further in may not.)
 */
export function insideOfRing(img: FloatImage, part: Uint8Array, ring: Int32Array): Float32Array {
  const { width: w, height: h, channels: c, data } = img;
  const out = new Float32Array(ring.length * c);
  for (let n = 0; n < ring.length; n++) {
    const i = ring[n];
    const x = i % w;
    let count = 0;
    for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i >= w ? i - w : -1, i < (h - 1) * w ? i + w : -1]) {
      if (j < 0 || !part[j]) continue;
      for (let k = 0; k < c; k++) out[n * c + k] += data[j * c + k];
      count++;
    }
    for (let k = 0; k < c; k++) out[n * c + k] = count ? out[n * c + k] / count : data[i * c + k];
  }
  return out;
}

/**
 * Spreads the patch fill's error on the ring over the hole (harmonic interpolation of the ring's
 * real − predicted values) and adds it: the seam correction of gradient-domain (Poisson) blending.
 */
export function seamCorrection(img: FloatImage, original: FloatImage, part: Uint8Array, ring: Int32Array, predicted: Float32Array): Float32Array {
  const { width: w, height: h, channels: c } = img;
  const diff: FloatImage = { data: new Float32Array(w * h * c), width: w, height: h, channels: c };
  for (let n = 0; n < ring.length; n++) for (let k = 0; k < c; k++) diff.data[ring[n] * c + k] = original.data[ring[n] * c + k] - predicted[n * c + k];
  // Only the ring is known: every other pixel is solved too, so the coarse levels of the solver see the ring's
  // values and not zeros from far away (which would shrink the correction to a few pixels and leave a step).
  const unknown = new Uint8Array(w * h).fill(1);
  for (let n = 0; n < ring.length; n++) unknown[ring[n]] = 0;
  harmonicFill(diff, unknown);
  return diff.data;
}

/** Whether a hole keeps the avoided pixels out of its band: not when its own ring lies mostly on them. */
function avoidApplies(avoid: Uint8Array, ring: Int32Array): boolean {
  if (ring.length === 0) return false;
  let on = 0;
  for (let n = 0; n < ring.length; n++) on += avoid[ring[n]] ? 1 : 0;
  return on / ring.length <= RING_ON_OBJECT_SHARE;
}

/** Fills `mask` of one region; returns its pixels (same layout as the raster). */
export async function bestFill(raster: Raster, mask: BinaryMask, opts: BestFillOptions & { signal?: AbortSignal } = {}): Promise<Buffer> {
  const { width: w, height: h, channels: c } = raster;
  const thin = opts.thinDepth ?? THIN_DEPTH;
  const feather = opts.featherPx ?? FEATHER_PX;
  const smoothPx = opts.smoothPx ?? 0;
  const falloff = opts.textureFalloffPx ?? TEXTURE_FALLOFF_PX;
  const hole = new Uint8Array(w * h);
  for (let i = 0; i < hole.length; i++) hole[i] = mask.data[i] ? 1 : 0;
  const original = toFloat(raster);
  const { labels, count } = labelParts(hole, w, h);
  let smooth = toFloat(raster);
  if (opts.smoothBase === 'telea') smooth = toFloat({ ...raster, data: await runTelea(raster, mask, TELEA_BASE_RADIUS) });
  else if (opts.smoothBase === 'auto') smooth = await chosenSmoothFill(raster, hole, labels, count);
  else harmonicFill(smooth, hole);
  const depth = distanceInside(hole, w, h);
  const out: FloatImage = { ...smooth, data: new Float32Array(smooth.data) };

  for (let label = 1; label <= count; label++) {
    let maxDepth = 0;
    let area = 0;
    for (let i = 0; i < labels.length; i++) {
      if (labels[i] !== label) continue;
      area++;
      if (depth[i] > maxDepth) maxDepth = depth[i];
    }
    if (maxDepth <= thin) continue; // the smooth fill is already in `out`
    const part = new Uint8Array(w * h);
    const blocked = new Uint8Array(w * h);
    for (let i = 0; i < labels.length; i++) {
      if (labels[i] === label) part[i] = 1;
      else if (hole[i]) blocked[i] = 1;
    }
    const radius = Math.max(24, (opts.bandFactor ?? 3) * maxDepth);
    const minPixels = Math.max(2000, 4 * area);
    const ring = ringOf(part, hole, w, h);
    let allowed: Uint8Array | null = null;
    if (opts.avoid && avoidApplies(opts.avoid, ring)) {
      const fenced = Uint8Array.from(blocked);
      for (let i = 0; i < fenced.length; i++) if (opts.avoid[i] && !part[i]) fenced[i] = 1;
      const band = sourceBand(smooth, part, fenced, radius, minPixels);
      // Nothing else left around the hole: the objects are the only source there is.
      if (countOf(band) >= minPixels) allowed = band;
    }
    // Where the ring lies on an avoided object, that object's colour is no target for the seam correction either: the
    // fill meets it at an edge, as the background met it (a step there is the object's outline, not a seam).
    let seamRing = ring;
    if (allowed && opts.avoid) {
      const avoid = opts.avoid;
      const free = ring.filter((i) => !avoid[i]);
      if (free.length >= ring.length / 4) seamRing = free;
    }
    if (allowed && opts.report) opts.report.avoided++;
    allowed ??= sourceBand(smooth, part, blocked, radius, minPixels);
    const work: FloatImage = { ...smooth, data: new Float32Array(smooth.data) };
    const filled = await patchFill(work, part, allowed, maxDepth, ring, {
      radius: opts.patchRadius,
      maxCopies: opts.maxCopies,
      seed: label * 7919,
      signal: opts.signal,
    });
    if (!filled) continue;
    if (opts.report) opts.report.patched++;
    const correction = seamCorrection(work, original, part, seamRing, insideOfRing(work, part, seamRing));
    // The same profile at any scale: a hole twice as deep (a larger photo) keeps texture twice as far in.
    const partFalloff = falloff > 0 ? Math.max(falloff, TEXTURE_FALLOFF_DEPTH_SHARE * maxDepth) : 0;
    for (let i = 0; i < part.length; i++) {
      if (!part[i]) continue;
      const fade = feather > 0 ? Math.min(1, Math.max(0, (depth[i] - 1 - smoothPx) / feather)) : depth[i] - 1 >= smoothPx ? 1 : 0;
      const wgt = fade * (partFalloff > 0 ? Math.min(1, partFalloff / Math.max(1, depth[i] - smoothPx)) : 1);
      for (let k = 0; k < c; k++) {
        const textured = work.data[i * c + k] + correction[i * c + k];
        out.data[i * c + k] = smooth.data[i * c + k] + wgt * (textured - smooth.data[i * c + k]);
      }
    }
  }
  const bytes = Buffer.from(raster.data);
  for (let i = 0; i < hole.length; i++) {
    if (!hole[i]) continue;
    for (let k = 0; k < c; k++) bytes[i * c + k] = Math.max(0, Math.min(255, Math.round(out.data[i * c + k])));
  }
  return bytes;
}
