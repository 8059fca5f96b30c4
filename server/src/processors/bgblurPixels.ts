/**
 * Pixel helpers of the background-blur tool (bgblur.ts): mask threshold and dilation, a push-pull hole fill that
 * replaces the subject with surrounding background colours before blurring (so no subject colour bleeds into the
 * blurred background as a halo), and the final sharp-over-blurred composite.
 * All buffers are row-major, 8-bit, interleaved; no I/O here, so the tests run in milliseconds.
 */
import { MASK_FEATHER_THRESHOLD } from '../../../engine/effects/blur';

/** Alpha 0..255 → binary mask (255 = subject) at the SPEC §9 feather threshold 0.5. */
export function thresholdMask(alpha: Uint8Array): Uint8Array {
  const cut = MASK_FEATHER_THRESHOLD * 255;
  const out = new Uint8Array(alpha.length);
  for (let i = 0; i < alpha.length; i++) out[i] = alpha[i] > cut ? 255 : 0;
  return out;
}

/** Separable max filter (square structuring element of side 2r+1) of a 1-channel mask; r = 0 returns a copy. */
export function dilateMask(mask: Uint8Array, width: number, height: number, r: number): Uint8Array {
  const radius = Math.max(0, Math.round(r));
  if (radius === 0) return mask.slice();
  const rows = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      let m = 0;
      const end = Math.min(width - 1, x + radius);
      for (let q = Math.max(0, x - radius); q <= end && m < 255; q++) if (mask[row + q] > m) m = mask[row + q];
      rows[row + x] = m;
    }
  }
  const out = new Uint8Array(mask.length);
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) {
      let m = 0;
      const end = Math.min(height - 1, y + radius);
      for (let q = Math.max(0, y - radius); q <= end && m < 255; q++) if (rows[q * width + x] > m) m = rows[q * width + x];
      out[y * width + x] = m;
    }
  }
  return out;
}

interface Level {
  w: number;
  h: number;
  /** Premultiplied colour sums, 3 floats per pixel (colour × weight). */
  p: Float32Array;
  /** Weight 0..1 per pixel: how much of this pixel is known background. */
  k: Float32Array;
}

/** Halves a level: each coarse pixel is the mean of its (up to 4) children. */
function downsample(l: Level): Level {
  const w = Math.ceil(l.w / 2);
  const h = Math.ceil(l.h / 2);
  const p = new Float32Array(w * h * 3);
  const k = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let n = 0;
      let r = 0,
        g = 0,
        b = 0,
        kk = 0;
      for (let dy = 0; dy < 2; dy++) {
        const sy = 2 * y + dy;
        if (sy >= l.h) continue;
        for (let dx = 0; dx < 2; dx++) {
          const sx = 2 * x + dx;
          if (sx >= l.w) continue;
          const s = sy * l.w + sx;
          r += l.p[s * 3];
          g += l.p[s * 3 + 1];
          b += l.p[s * 3 + 2];
          kk += l.k[s];
          n++;
        }
      }
      const o = y * w + x;
      p[o * 3] = r / n;
      p[o * 3 + 1] = g / n;
      p[o * 3 + 2] = b / n;
      k[o] = kk / n;
    }
  }
  return { w, h, p, k };
}

/** Bilinear sample of a 3-channel float image at the centre of fine pixel (x, y) of the level below. */
function sampleUp(img: Float32Array, w: number, h: number, x: number, y: number, out: Float32Array): void {
  const fx = Math.min(w - 1, Math.max(0, (x + 0.5) / 2 - 0.5));
  const fy = Math.min(h - 1, Math.max(0, (y + 0.5) / 2 - 0.5));
  const x0 = Math.floor(fx),
    y0 = Math.floor(fy);
  const x1 = Math.min(w - 1, x0 + 1),
    y1 = Math.min(h - 1, y0 + 1);
  const tx = fx - x0,
    ty = fy - y0;
  for (let c = 0; c < 3; c++) {
    const a = img[(y0 * w + x0) * 3 + c] * (1 - tx) + img[(y0 * w + x1) * 3 + c] * tx;
    const b = img[(y1 * w + x0) * 3 + c] * (1 - tx) + img[(y1 * w + x1) * 3 + c] * tx;
    out[c] = a * (1 - ty) + b * ty;
  }
}

/**
 * Fills the pixels whose `known` weight is below 1 with the colours around them (push-pull: average down a pyramid,
 * then blend back up, `out = known·colour + (1 − known)·coarser`). Known pixels (weight 1) keep their colour exactly;
 * holes get a smooth interpolation of the nearest known colours, never a colour from inside the hole.
 * @param rgb 3 bytes per pixel. @param known 0..255 per pixel (255 = known background).
 * @returns RGBA bytes (alpha 255), ready for the engine's blur. A mask with no known pixel gives mid grey.
 */
export function pushPullFill(rgb: Uint8Array, known: Uint8Array, width: number, height: number): Uint8ClampedArray {
  const n = width * height;
  const base: Level = { w: width, h: height, p: new Float32Array(n * 3), k: new Float32Array(n) };
  for (let i = 0; i < n; i++) {
    const k = known[i] / 255;
    base.k[i] = k;
    base.p[i * 3] = rgb[i * 3] * k;
    base.p[i * 3 + 1] = rgb[i * 3 + 1] * k;
    base.p[i * 3 + 2] = rgb[i * 3 + 2] * k;
  }
  const levels = [base];
  while (levels[levels.length - 1].w > 1 || levels[levels.length - 1].h > 1) levels.push(downsample(levels[levels.length - 1]));

  // Coarsest level: the mean known colour (grey when nothing is known).
  const top = levels[levels.length - 1];
  let filled = new Float32Array(3);
  for (let c = 0; c < 3; c++) filled[c] = top.k[0] > 0 ? top.p[c] / top.k[0] : 128;
  let fw = 1,
    fh = 1;
  const up = new Float32Array(3);
  for (let li = levels.length - 2; li >= 0; li--) {
    const l = levels[li];
    const next = new Float32Array(l.w * l.h * 3);
    for (let y = 0; y < l.h; y++) {
      for (let x = 0; x < l.w; x++) {
        const i = y * l.w + x;
        const missing = 1 - l.k[i];
        if (missing > 0) sampleUp(filled, fw, fh, x, y, up);
        for (let c = 0; c < 3; c++) next[i * 3 + c] = l.p[i * 3 + c] + (missing > 0 ? missing * up[c] : 0);
      }
    }
    filled = next;
    fw = l.w;
    fh = l.h;
  }
  const out = new Uint8ClampedArray(n * 4);
  for (let i = 0; i < n; i++) {
    out[i * 4] = filled[i * 3];
    out[i * 4 + 1] = filled[i * 3 + 1];
    out[i * 4 + 2] = filled[i * 3 + 2];
    out[i * 4 + 3] = 255;
  }
  return out;
}

/**
 * Sharp subject over blurred background: `out = m·sharp + (1 − m)·blurred` per channel, m = mask/255.
 * @param sharp 3 bytes per pixel. @param blurred 3 bytes per pixel, same size. @param mask 1 byte per pixel.
 */
export function compositeOver(sharp: Uint8Array, blurred: Uint8Array, mask: Uint8Array): Buffer {
  const out = Buffer.alloc(sharp.length);
  for (let i = 0; i < mask.length; i++) {
    const m = mask[i];
    if (m === 255) {
      out[i * 3] = sharp[i * 3];
      out[i * 3 + 1] = sharp[i * 3 + 1];
      out[i * 3 + 2] = sharp[i * 3 + 2];
      continue;
    }
    for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.round((m * sharp[i * 3 + c] + (255 - m) * blurred[i * 3 + c]) / 255);
  }
  return out;
}
