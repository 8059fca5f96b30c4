/** The edge decontamination as it was before issue 15 (main at f87f5ea), for the before/after benches. */
/**
 * Edge colour decontamination for a soft cut-out mask.
 *
 * IS-Net gives a soft mask, not a matte: along hair and fur the pixels are a mix
 * I = αF + (1−α)B of subject and old background, so simply attaching α leaves a
 * coloured fringe (green grass in a squirrel's tail). We estimate the foreground
 * colour F with the blur-fusion estimator of Forte & Pitié, "Approximate Fast
 * Foreground Colour Estimation" (ICIP 2021): a large-radius pass then a small one.
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

/**
 * Replaces the RGB of `rgba` (interleaved, 8-bit) with the estimated foreground colour
 * wherever 0 < α < 1, sets the alpha channel from `alpha` (0..255), and zeroes the colour
 * of fully transparent pixels (smaller PNGs; their colour is invisible).
 */
export function decontaminateEdges(rgba: Buffer, alpha: Uint8Array, width: number, height: number): void {
  const n = width * height;
  const a = new Float32Array(n);
  let soft = 0;
  for (let i = 0; i < n; i++) {
    a[i] = alpha[i] / 255;
    if (alpha[i] > 0 && alpha[i] < 255) soft++;
  }
  if (soft > 0) estimateForeground(rgba, a, width, height);
  for (let i = 0, j = 0; i < n; i++, j += 4) {
    rgba[j + 3] = alpha[i];
    if (alpha[i] === 0) rgba[j] = rgba[j + 1] = rgba[j + 2] = 0;
  }
}

function estimateForeground(rgba: Buffer, a: Float32Array, width: number, height: number): void {
  const n = width * height;
  const scratch = new Float32Array(n);
  const tmp = new Float32Array(n);
  const blurredF = new Float32Array(n);
  const blurredB = new Float32Array(n);
  const image = new Float32Array(n);
  const fg = new Float32Array(n);
  const bg = new Float32Array(n);
  // Radii relative to the image size: the paper's 90 and 6 px are for ~1 MP photos.
  const scale = Math.sqrt(n / 1_000_000);
  const radii = [Math.max(8, 90 * scale), Math.max(2, 6 * scale)];
  // The blurred alpha depends only on the radius: compute it once, not per channel.
  const blurredAlphas = radii.map((r) => {
    const out = new Float32Array(n);
    boxBlur(a, width, height, r, scratch, out);
    return out;
  });
  for (let c = 0; c < 3; c++) {
    for (let i = 0; i < n; i++) image[i] = fg[i] = bg[i] = rgba[i * 4 + c] / 255;
    for (let pass = 0; pass < radii.length; pass++) {
      const r = radii[pass];
      const blurredA = blurredAlphas[pass];
      for (let i = 0; i < n; i++) tmp[i] = fg[i] * a[i];
      boxBlur(tmp, width, height, r, scratch, blurredF);
      for (let i = 0; i < n; i++) tmp[i] = bg[i] * (1 - a[i]);
      boxBlur(tmp, width, height, r, scratch, blurredB);
      for (let i = 0; i < n; i++) {
        const bf = blurredF[i] / (blurredA[i] + EPS);
        const bb = blurredB[i] / (1 - blurredA[i] + EPS);
        const f = bf + a[i] * (image[i] - a[i] * bf - (1 - a[i]) * bb);
        fg[i] = f < 0 ? 0 : f > 1 ? 1 : f;
        bg[i] = bb;
      }
    }
    for (let i = 0; i < n; i++) {
      if (a[i] > 0 && a[i] < 1) rgba[i * 4 + c] = Math.round(fg[i] * 255);
    }
  }
}
