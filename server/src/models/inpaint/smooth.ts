/**
 * Smooth fills on float pixels (interleaved channels, row-major), our own code:
 * - harmonicFill: the membrane (Laplace) fill, solved coarse to fine so a 128 px hole converges in a few dozen
 *   sweeps per level. It is continuous with its border by construction (no colour step), and the best guess in
 *   the mean-square sense where nothing better is known: the fill for thin strokes and small holes, the
 *   structure (low-frequency) layer under a patch fill, and the seam correction of one.
 * - distanceInside: chamfer distance of every hole pixel to the nearest pixel outside (shape and feathering).
 */

/** Float image: `c` interleaved channels. */
export interface FloatImage {
  data: Float32Array;
  width: number;
  height: number;
  channels: number;
}

/** 1 = unknown (to fill), 0 = known. */
export type HoleMap = Uint8Array;

/** SOR sweeps over the hole pixels: each becomes the mean of its 4 neighbours (those inside the image). */
function relax(img: FloatImage, idx: Int32Array, sweeps: number): void {
  const { data, width: w, height: h, channels: c } = img;
  const omega = 1.85;
  for (let s = 0; s < sweeps; s++) {
    const forward = s % 2 === 0;
    for (let n = 0; n < idx.length; n++) {
      const i = idx[forward ? n : idx.length - 1 - n];
      const x = i % w;
      const y = (i - x) / w;
      let count = 0;
      const nb0 = x > 0 ? i - 1 : -1;
      const nb1 = x < w - 1 ? i + 1 : -1;
      const nb2 = y > 0 ? i - w : -1;
      const nb3 = y < h - 1 ? i + w : -1;
      if (nb0 >= 0) count++;
      if (nb1 >= 0) count++;
      if (nb2 >= 0) count++;
      if (nb3 >= 0) count++;
      for (let k = 0; k < c; k++) {
        let sum = 0;
        if (nb0 >= 0) sum += data[nb0 * c + k];
        if (nb1 >= 0) sum += data[nb1 * c + k];
        if (nb2 >= 0) sum += data[nb2 * c + k];
        if (nb3 >= 0) sum += data[nb3 * c + k];
        const old = data[i * c + k];
        data[i * c + k] = old + omega * (sum / count - old);
      }
    }
  }
}

function indicesOf(hole: HoleMap): Int32Array {
  let n = 0;
  for (let i = 0; i < hole.length; i++) if (hole[i]) n++;
  const idx = new Int32Array(n);
  n = 0;
  for (let i = 0; i < hole.length; i++) if (hole[i]) idx[n++] = i;
  return idx;
}

/**
 * Halves an image with its hole: a coarse pixel is known when any of its fine pixels is (the mean of those), so
 * the coarse hole is the part of the hole at least two pixels deep.
 */
export function downsample(img: FloatImage, hole: HoleMap): { img: FloatImage; hole: HoleMap } {
  const { width: w, height: h, channels: c, data } = img;
  const w2 = Math.ceil(w / 2);
  const h2 = Math.ceil(h / 2);
  const out = new Float32Array(w2 * h2 * c);
  const outHole = new Uint8Array(w2 * h2);
  for (let y = 0; y < h2; y++) {
    for (let x = 0; x < w2; x++) {
      let n = 0;
      const o = (y * w2 + x) * c;
      for (let dy = 0; dy < 2; dy++) {
        for (let dx = 0; dx < 2; dx++) {
          const fx = 2 * x + dx;
          const fy = 2 * y + dy;
          if (fx >= w || fy >= h) continue;
          const fi = fy * w + fx;
          if (hole[fi]) continue;
          for (let k = 0; k < c; k++) out[o + k] += data[fi * c + k];
          n++;
        }
      }
      if (n === 0) outHole[y * w2 + x] = 1;
      else for (let k = 0; k < c; k++) out[o + k] /= n;
    }
  }
  return { img: { data: out, width: w2, height: h2, channels: c }, hole: outHole };
}

/** Fills the hole of `img` in place with the harmonic (membrane) interpolation of its border. */
export function harmonicFill(img: FloatImage, hole: HoleMap): void {
  const idx = indicesOf(hole);
  if (idx.length === 0) return;
  const { width: w, height: h, channels: c, data } = img;
  if (idx.length > 64 && w > 8 && h > 8) {
    const coarse = downsample(img, hole);
    harmonicFill(coarse.img, coarse.hole);
    // Bilinear start from the coarse solution.
    const w2 = coarse.img.width;
    const h2 = coarse.img.height;
    for (const i of idx) {
      const x = i % w;
      const y = (i - x) / w;
      const cx = Math.min(w2 - 1, Math.max(0, (x - 0.5) / 2));
      const cy = Math.min(h2 - 1, Math.max(0, (y - 0.5) / 2));
      const x0 = Math.floor(cx);
      const y0 = Math.floor(cy);
      const x1 = Math.min(w2 - 1, x0 + 1);
      const y1 = Math.min(h2 - 1, y0 + 1);
      const fx = cx - x0;
      const fy = cy - y0;
      for (let k = 0; k < c; k++) {
        const v00 = coarse.img.data[(y0 * w2 + x0) * c + k];
        const v10 = coarse.img.data[(y0 * w2 + x1) * c + k];
        const v01 = coarse.img.data[(y1 * w2 + x0) * c + k];
        const v11 = coarse.img.data[(y1 * w2 + x1) * c + k];
        data[i * c + k] = (v00 * (1 - fx) + v10 * fx) * (1 - fy) + (v01 * (1 - fx) + v11 * fx) * fy;
      }
    }
    relax(img, idx, 24);
  } else {
    // Coarsest level: start from the mean of the known pixels, then relax to convergence.
    const mean = new Float64Array(c);
    let n = 0;
    for (let i = 0; i < hole.length; i++) {
      if (hole[i]) continue;
      for (let k = 0; k < c; k++) mean[k] += data[i * c + k];
      n++;
    }
    for (const i of idx) for (let k = 0; k < c; k++) data[i * c + k] = n ? mean[k] / n : 0;
    relax(img, idx, 200);
  }
}

/**
 * Chamfer (3-4) distance, in pixels, of every hole pixel to the nearest known pixel; 0 outside the hole. The image
 * edge does not count as known (a hole touching it is as deep as it looks).
 */
export function distanceInside(hole: HoleMap, w: number, h: number): Float32Array {
  const big = 1e9;
  const d = new Float32Array(w * h);
  for (let i = 0; i < d.length; i++) d[i] = hole[i] ? big : 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!hole[i]) continue;
      let v = d[i];
      if (x > 0) v = Math.min(v, d[i - 1] + 3);
      if (y > 0) {
        v = Math.min(v, d[i - w] + 3);
        if (x > 0) v = Math.min(v, d[i - w - 1] + 4);
        if (x < w - 1) v = Math.min(v, d[i - w + 1] + 4);
      }
      d[i] = v;
    }
  }
  for (let y = h - 1; y >= 0; y--) {
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      if (!hole[i]) continue;
      let v = d[i];
      if (x < w - 1) v = Math.min(v, d[i + 1] + 3);
      if (y < h - 1) {
        v = Math.min(v, d[i + w] + 3);
        if (x < w - 1) v = Math.min(v, d[i + w + 1] + 4);
        if (x > 0) v = Math.min(v, d[i + w - 1] + 4);
      }
      d[i] = v;
    }
  }
  for (let i = 0; i < d.length; i++) d[i] = d[i] >= big ? Math.max(w, h) : d[i] / 3;
  return d;
}
