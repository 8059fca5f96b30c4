/**
 * Edge colour decontamination for a soft cut-out mask.
 *
 * IS-Net gives a soft mask, not a matte: along hair and fur the pixels are a mix
 * I = αF + (1−α)B of subject and old background, so simply attaching α leaves a
 * coloured fringe (green grass in a squirrel's tail). We estimate the foreground
 * colour F with the blur-fusion estimator of Forte & Pitié, "Approximate Fast
 * Foreground Colour Estimation" (ICIP 2021): a large-radius pass then a small one.
 *
 * Memory (issue 15): the blurred estimates are smooth, so they are computed only over the
 * soft band's bounding box (plus the blur reach) and, when that is larger than
 * DECONTAMINATE_WORK_PIXELS, at a reduced working size; only the final per-pixel step
 * F = F̄ + α(I − αF̄ − (1−α)B̄) runs at full resolution, on the soft pixels alone. A 12 MP photo
 * no longer allocates seven full-size float planes (~340 MB).
 */

/** Separable box blur of one float channel, in place via a scratch buffer. O(n) per pass. */
export function boxBlur(src: Float32Array, width: number, height: number, radius: number, scratch: Float32Array, out: Float32Array): void {
  const r = Math.max(1, Math.round(radius));
  // Horizontal pass: running sum with clamped edges.
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let acc = 0;
    for (let k = -r; k <= r; k++) acc += src[row + Math.min(width - 1, Math.max(0, k))];
    for (let x = 0; x < width; x++) {
      scratch[row + x] = acc / (2 * r + 1);
      acc += src[row + Math.min(width - 1, x + r + 1)] - src[row + Math.max(0, x - r)];
    }
  }
  // Vertical pass.
  for (let x = 0; x < width; x++) {
    let acc = 0;
    for (let k = -r; k <= r; k++) acc += scratch[Math.min(height - 1, Math.max(0, k)) * width + x];
    for (let y = 0; y < height; y++) {
      out[y * width + x] = acc / (2 * r + 1);
      acc += scratch[Math.min(height - 1, y + r + 1) * width + x] - scratch[Math.max(0, y - r) * width + x];
    }
  }
}

const EPS = 1e-5;

/** The blurred estimates are computed on at most this many pixels (then sampled back up). */
export const DECONTAMINATE_WORK_PIXELS = 1_000_000;

/**
 * Replaces the RGB of `rgba` (interleaved, 8-bit) with the estimated foreground colour
 * wherever 0 < α < 1, sets the alpha channel from `alpha` (0..255), and zeroes the colour
 * of fully transparent pixels (smaller PNGs; their colour is invisible).
 */
export function decontaminateEdges(rgba: Buffer, alpha: Uint8Array, width: number, height: number): void {
  const n = width * height;
  let x0 = width,
    y0 = height,
    x1 = -1,
    y1 = -1;
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      const a = alpha[i];
      if (a > 0 && a < 255) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
  }
  if (x1 >= 0) estimateForeground(rgba, alpha, width, height, { x0, y0, x1, y1 });
  for (let i = 0, j = 0; i < n; i++, j += 4) {
    rgba[j + 3] = alpha[i];
    if (alpha[i] === 0) rgba[j] = rgba[j + 1] = rgba[j + 2] = 0;
  }
}

interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function estimateForeground(rgba: Buffer, alpha: Uint8Array, width: number, height: number, soft: Rect): void {
  // Radii relative to the image size: the paper's 90 and 6 px are for ~1 MP photos.
  const scale = Math.sqrt((width * height) / 1_000_000);
  const radii = [Math.max(8, 90 * scale), Math.max(2, 6 * scale)];
  // Every blur window of a soft pixel lies inside the soft box grown by the two radii.
  const reach = Math.ceil(radii[0] + radii[1]) + 1;
  const rx0 = Math.max(0, soft.x0 - reach),
    ry0 = Math.max(0, soft.y0 - reach);
  const rx1 = Math.min(width - 1, soft.x1 + reach),
    ry1 = Math.min(height - 1, soft.y1 + reach);
  const rw = rx1 - rx0 + 1,
    rh = ry1 - ry0 + 1;
  // Working size: the region shrunk by an integer factor k (box-averaged) to fit the budget.
  const k = Math.max(1, Math.ceil(Math.sqrt((rw * rh) / DECONTAMINATE_WORK_PIXELS)));
  const ww = Math.ceil(rw / k),
    wh = Math.ceil(rh / k);
  const m = ww * wh;
  const a = new Float32Array(m);
  const image = [new Float32Array(m), new Float32Array(m), new Float32Array(m)];
  const count = new Float32Array(m);
  for (let y = ry0; y <= ry1; y++) {
    const wy = Math.floor((y - ry0) / k);
    for (let x = rx0; x <= rx1; x++) {
      const w = wy * ww + Math.floor((x - rx0) / k);
      const i = y * width + x;
      a[w] += alpha[i] / 255;
      for (let c = 0; c < 3; c++) image[c][w] += rgba[i * 4 + c] / 255;
      count[w]++;
    }
  }
  for (let w = 0; w < m; w++) {
    a[w] /= count[w];
    for (let c = 0; c < 3; c++) image[c][w] /= count[w];
  }
  const workRadii = radii.map((r) => r / k);
  const scratch = new Float32Array(m);
  const tmp = new Float32Array(m);
  const blurredF = new Float32Array(m);
  const blurredB = new Float32Array(m);
  const fg = new Float32Array(m);
  // The blurred alpha depends only on the radius: compute it once, not per channel.
  const blurredAlphas = workRadii.map((r) => {
    const out = new Float32Array(m);
    boxBlur(a, ww, wh, r, scratch, out);
    return out;
  });
  // Per channel, the last pass's F̄ and B̄ at working size (kept for the full-size step).
  const finalF = [new Float32Array(m), new Float32Array(m), new Float32Array(m)];
  const finalB = [new Float32Array(m), new Float32Array(m), new Float32Array(m)];
  for (let c = 0; c < 3; c++) {
    const img = image[c];
    const bg = finalB[c];
    fg.set(img);
    bg.set(img);
    for (let pass = 0; pass < workRadii.length; pass++) {
      const r = workRadii[pass];
      const blurredA = blurredAlphas[pass];
      for (let i = 0; i < m; i++) tmp[i] = fg[i] * a[i];
      boxBlur(tmp, ww, wh, r, scratch, blurredF);
      for (let i = 0; i < m; i++) tmp[i] = bg[i] * (1 - a[i]);
      boxBlur(tmp, ww, wh, r, scratch, blurredB);
      for (let i = 0; i < m; i++) {
        const bf = blurredF[i] / (blurredA[i] + EPS);
        const bb = blurredB[i] / (1 - blurredA[i] + EPS);
        if (pass === workRadii.length - 1) {
          finalF[c][i] = bf;
          bg[i] = bb;
        } else {
          const f = bf + a[i] * (img[i] - a[i] * bf - (1 - a[i]) * bb);
          fg[i] = f < 0 ? 0 : f > 1 ? 1 : f;
          bg[i] = bb;
        }
      }
    }
  }
  // Full resolution, soft pixels only: sample F̄ and B̄ (bilinear between working-pixel centres).
  for (let y = soft.y0; y <= soft.y1; y++) {
    const fy = Math.min(wh - 1, Math.max(0, (y - ry0 + 0.5) / k - 0.5));
    const yA = Math.floor(fy),
      yB = Math.min(wh - 1, yA + 1),
      ty = fy - yA;
    for (let x = soft.x0; x <= soft.x1; x++) {
      const i = y * width + x;
      const al = alpha[i];
      if (al === 0 || al === 255) continue;
      const fx = Math.min(ww - 1, Math.max(0, (x - rx0 + 0.5) / k - 0.5));
      const xA = Math.floor(fx),
        xB = Math.min(ww - 1, xA + 1),
        tx = fx - xA;
      const p00 = yA * ww + xA,
        p01 = yA * ww + xB,
        p10 = yB * ww + xA,
        p11 = yB * ww + xB;
      const w00 = (1 - tx) * (1 - ty),
        w01 = tx * (1 - ty),
        w10 = (1 - tx) * ty,
        w11 = tx * ty;
      const av = al / 255;
      for (let c = 0; c < 3; c++) {
        const F = finalF[c],
          B = finalB[c];
        const bf = F[p00] * w00 + F[p01] * w01 + F[p10] * w10 + F[p11] * w11;
        const bb = B[p00] * w00 + B[p01] * w01 + B[p10] * w10 + B[p11] * w11;
        const f = bf + av * (rgba[i * 4 + c] / 255 - av * bf - (1 - av) * bb);
        rgba[i * 4 + c] = Math.round((f < 0 ? 0 : f > 1 ? 1 : f) * 255);
      }
    }
  }
}
