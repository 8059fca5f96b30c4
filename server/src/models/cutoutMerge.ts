/**
 * How a second, zoomed-in IS-Net pass is merged into the first (issue 15): only where the first
 * pass is unsure. Where the first pass is confident (solid subject, clear background away from its
 * edges) its answer stands; a second pass on a crop sees less context and, on the held-out flat
 * composites, replacing everything inside the crop lost accuracy (0.985 → 0.974). Plain arithmetic
 * on masks, tested on its own.
 */
import type { Box, Size } from './cutoutPasses';

/** The first pass's alpha band (0..255, inclusive) that counts as unsure: neither subject nor background. */
export interface UnsureBand {
  lo: number;
  hi: number;
}

/**
 * Share of the first pass's subject-ish pixels inside `box` (alpha ≥ `band.lo`) whose alpha lies in
 * the unsure band: 0 for a crisp matte, near 1 for a half-transparent one (the kite photo's person in
 * blue). A second pass on a group whose share is small has little to fix.
 */
export function unsureShare(mask: Uint8Array, size: Size, box: Box, band: UnsureBand): number {
  let seen = 0;
  let unsure = 0;
  const x1 = Math.min(size.width, box.x + box.width);
  const y1 = Math.min(size.height, box.y + box.height);
  for (let y = Math.max(0, box.y); y < y1; y++) {
    for (let x = Math.max(0, box.x); x < x1; x++) {
      const a = mask[y * size.width + x];
      if (a < band.lo) continue;
      seen++;
      if (a <= band.hi) unsure++;
    }
  }
  return seen === 0 ? 0 : unsure / seen;
}

/**
 * Whether a first pass seen smaller than `minPassPixels` (a small photo, firstPassUpscale) must be
 * run again at that floor: it found almost nothing (under 0.2 % of the frame solid), or most of what
 * it found is unsure (`fallbackShare`). On the tuning composites shrunk to 0.2 MP a tree came out
 * empty at 0.45 MP (IoU 0.00, 0.06 % solid, every subject-ish pixel unsure) and whole at 0.8 MP
 * (0.85), while subjects it saw well had ~0.15 unsure.
 */
export function firstPassTooUnsure(mask: Uint8Array, size: Size, band: UnsureBand, fallbackShare: number): boolean {
  let solid = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i] >= 128) solid++;
  if (solid < 0.002 * mask.length) return true;
  return unsureShare(mask, size, { x: 0, y: 0, width: size.width, height: size.height }, band) >= fallbackShare;
}

/**
 * How busy the background around a subject is: the mean luminance step (0..255, to the right and
 * below) over the crop's pixels that the first pass calls background (`alpha` < `lo`, photo-sized).
 * A flat or gradient backdrop gives ~1–3, a photographic one 10 and more. On flat backdrops the
 * first pass is already sharp, and a second pass lost more than it gained on the tuning composites.
 */
export function backgroundBusyness(rgba: Buffer, alpha: Uint8Array, photo: Size, crop: Box, lo: number): number {
  const luma = (i: number) => 0.299 * rgba[i * 4] + 0.587 * rgba[i * 4 + 1] + 0.114 * rgba[i * 4 + 2];
  let sum = 0;
  let n = 0;
  const x1 = Math.min(photo.width - 1, crop.x + crop.width),
    y1 = Math.min(photo.height - 1, crop.y + crop.height);
  for (let y = crop.y; y < y1; y++) {
    for (let x = crop.x; x < x1; x++) {
      const i = y * photo.width + x;
      if (alpha[i] >= lo || alpha[i + 1] >= lo || alpha[i + photo.width] >= lo) continue;
      const l = luma(i);
      sum += Math.abs(luma(i + 1) - l) + Math.abs(luma(i + photo.width) - l);
      n++;
    }
  }
  return n === 0 ? 0 : sum / n;
}

/** Summed-area table of a w×h plane ((w+1)×(h+1), first row and column 0). */
function integral(values: ArrayLike<number>, w: number, h: number): Float64Array {
  const s = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += values[y * w + x];
      s[(y + 1) * (w + 1) + x + 1] = s[y * (w + 1) + x + 1] + row;
    }
  }
  return s;
}

/** Sum and pixel count of the (2r+1)² window around (x, y), clipped to the plane. */
function windowSum(s: Float64Array, w: number, h: number, x: number, y: number, r: number): [number, number] {
  const x0 = Math.max(0, x - r),
    y0 = Math.max(0, y - r);
  const x1 = Math.min(w, x + r + 1),
    y1 = Math.min(h, y + r + 1);
  const W = w + 1;
  return [s[y1 * W + x1] - s[y0 * W + x1] - s[y1 * W + x0] + s[y0 * W + x0], (x1 - x0) * (y1 - y0)];
}

/**
 * Where the second pass may speak, 0..1 per pixel of `crop` (row-major, crop-sized): 1 where the
 * first pass's alpha lies in `band`, or within `edgeRadius` px of its subject/background boundary
 * (thin parts, holes, outlines), softened over `edgeRadius` so no seam shows; 0 elsewhere.
 */
export function unsureWeight(alpha: Uint8Array, photo: Size, crop: Box, band: UnsureBand, edgeRadius: number): Float32Array {
  const { width: w, height: h } = crop;
  const r = Math.max(1, Math.round(edgeRadius));
  const subject = new Uint8Array(w * h);
  const inBand = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const a = alpha[(crop.y + y) * photo.width + crop.x + x];
      subject[y * w + x] = a >= 128 ? 1 : 0;
      inBand[y * w + x] = a >= band.lo && a <= band.hi ? 1 : 0;
    }
  }
  // Hard mask: unsure alpha, or a window that holds both subject and background (near an edge).
  const sub = integral(subject, w, h);
  const hard = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (inBand[i]) {
        hard[i] = 1;
        continue;
      }
      const [sum, n] = windowSum(sub, w, h, x, y, r);
      if (sum > 0 && sum < n) hard[i] = 1;
    }
  }
  // Soften: box mean of the hard mask, scaled so the band's core stays at 1.
  const hs = integral(hard, w, h);
  const soft = Math.max(1, Math.round(r / 2));
  const weight = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const [sum, n] = windowSum(hs, w, h, x, y, soft);
      weight[y * w + x] = Math.min(1, (2 * sum) / n);
    }
  }
  return weight;
}

/**
 * Blends the second pass's alpha (at the crop's photo size) into `alpha` inside `crop`:
 * `weight` (unsureWeight) × the crop-edge fade chooses the second pass, the rest keeps the first.
 */
export function mergeWhereUnsure(alpha: Uint8Array, photo: Size, crop: Box, cropAlpha: Uint8Array, weight: Float32Array, feather: number): void {
  const f = Math.max(1, feather);
  const left = crop.x > 0,
    top = crop.y > 0;
  const right = crop.x + crop.width < photo.width,
    bottom = crop.y + crop.height < photo.height;
  for (let cy = 0; cy < crop.height; cy++) {
    for (let cx = 0; cx < crop.width; cx++) {
      let d = Infinity;
      if (left) d = Math.min(d, cx);
      if (top) d = Math.min(d, cy);
      if (right) d = Math.min(d, crop.width - 1 - cx);
      if (bottom) d = Math.min(d, crop.height - 1 - cy);
      const k = cy * crop.width + cx;
      const w = (d >= f ? 1 : d / f) * weight[k];
      if (w <= 0) continue;
      const i = (crop.y + cy) * photo.width + crop.x + cx;
      alpha[i] = Math.round(w * cropAlpha[k] + (1 - w) * alpha[i]);
    }
  }
}
