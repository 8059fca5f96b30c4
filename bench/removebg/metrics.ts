/**
 * Cut-out accuracy against an exact alpha: IoU of the masks (both thresholded at 128) and the
 * mean alpha error in the edge band, the pixels within `radius` px (square neighbourhood) of the
 * true outline plus every truly semi-transparent pixel. The band is where hair, thin parts and
 * translucent leftovers live; the IoU alone hides them behind the subject's interior.
 */

/** IoU of two alphas thresholded at 128 (1 when both are empty). */
export function maskIoU(pred: Uint8Array, truth: Uint8Array): number {
  if (pred.length !== truth.length) throw new Error(`mask sizes differ: ${pred.length} vs ${truth.length}`);
  let inter = 0;
  let union = 0;
  for (let i = 0; i < pred.length; i++) {
    const a = pred[i] >= 128;
    const b = truth[i] >= 128;
    if (a && b) inter++;
    if (a || b) union++;
  }
  return union === 0 ? 1 : inter / union;
}

/** Running max (or min) over a window of 2r+1 along rows then columns: a square dilation (erosion). */
function squareMorph(src: Uint8Array, width: number, height: number, r: number, max: boolean): Uint8Array {
  const tmp = new Uint8Array(src.length);
  const out = new Uint8Array(src.length);
  const pick = max ? Math.max : Math.min;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let v = src[y * width + x];
      for (let k = Math.max(0, x - r); k <= Math.min(width - 1, x + r); k++) v = pick(v, src[y * width + k]);
      tmp[y * width + x] = v;
    }
  }
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) {
      let v = tmp[y * width + x];
      for (let k = Math.max(0, y - r); k <= Math.min(height - 1, y + r); k++) v = pick(v, tmp[k * width + x]);
      out[y * width + x] = v;
    }
  }
  return out;
}

/** The edge band's radius for a photo: 1 % of the short side, at least 3 px. */
export function edgeBandRadius(width: number, height: number): number {
  return Math.max(3, Math.round(0.01 * Math.min(width, height)));
}

/** Mean |pred − truth| (in 0..1) over the edge band of `truth`. */
export function edgeBandError(pred: Uint8Array, truth: Uint8Array, width: number, height: number, radius = edgeBandRadius(width, height)): number {
  const binary = new Uint8Array(truth.length);
  for (let i = 0; i < truth.length; i++) binary[i] = truth[i] >= 128 ? 1 : 0;
  const grown = squareMorph(binary, width, height, radius, true);
  const shrunk = squareMorph(binary, width, height, radius, false);
  let sum = 0;
  let count = 0;
  for (let i = 0; i < truth.length; i++) {
    const soft = truth[i] > 0 && truth[i] < 255;
    if (grown[i] !== shrunk[i] || soft) {
      sum += Math.abs(pred[i] - truth[i]);
      count++;
    }
  }
  return count === 0 ? 0 : sum / count / 255;
}
