/**
 * A soft contact shadow under a cut-out: its silhouette squashed flat, blurred and placed at the subject's
 * bottom edge, plus a tighter, darker core where it touches the ground. The result is an alpha map
 * (0..255 = how much black to lay over the background) covering a region of the canvas.
 */
import sharp from 'sharp';

export interface ShadowMap {
  data: Uint8Array;
  left: number;
  top: number;
  width: number;
  height: number;
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Bounding box of alpha ≥ 128, or null when nothing is solid. */
export function solidBounds(alpha: Uint8Array, width: number, height: number): Box | null {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (alpha[row + x] < 128) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  return x1 < 0 ? null : { x0, y0, x1: x1 + 1, y1: y1 + 1 };
}

/** Per column of the box: how many solid pixels it has and where its lowest one is (−1 = none). */
function columnProfile(alpha: Uint8Array, layerW: number, box: Box): { count: Float32Array; bottom: Int32Array } {
  const bw = box.x1 - box.x0;
  const count = new Float32Array(bw);
  const bottom = new Int32Array(bw).fill(-1);
  for (let y = box.y0; y < box.y1; y++) {
    const row = y * layerW;
    for (let x = 0; x < bw; x++) {
      const a = alpha[row + box.x0 + x];
      if (a === 0) continue;
      count[x] += a / 255;
      if (a >= 128) bottom[x] = y;
    }
  }
  return { count, bottom };
}

/**
 * One squashed, blurred copy of the silhouette. Each column is flattened to `squash` of its solid height and
 * set on that column's own lowest pixel, so several objects standing at different depths (a car and a person)
 * each get a shadow under their own base. Returned in layer coordinates.
 */
async function squashed(profile: ReturnType<typeof columnProfile>, box: Box, squash: number, sigmaFraction: number, opacity: number) {
  const bw = box.x1 - box.x0;
  const sigma = Math.max(1, bw * sigmaFraction);
  const pad = Math.ceil(sigma * 3);
  const reach = Math.ceil((box.y1 - box.y0) * squash) + 2;
  const top = box.y0 - pad;
  const height = box.y1 - box.y0 + reach + 2 * pad;
  const width = bw + 2 * pad;
  const flat = Buffer.alloc(width * height);
  for (let x = 0; x < bw; x++) {
    if (profile.bottom[x] < 0) continue;
    const h = Math.max(1, profile.count[x] * squash);
    // Mostly below the base, a little under it: the shadow starts under the object, not beside it.
    const from = Math.round(profile.bottom[x] - 0.3 * h) - top;
    const to = Math.round(profile.bottom[x] + 0.7 * h) - top;
    for (let y = Math.max(0, from); y <= Math.min(height - 1, to); y++) flat[y * width + x + pad] = 255;
  }
  const blurred = await sharp(flat, { raw: { width, height, channels: 1 } })
    .blur(sigma)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = Math.round(blurred[i] * opacity);
  return { data, width, height, left: box.x0 - pad, top };
}

/**
 * The contact shadow of a placed cut-out. `alpha` is the layer's alpha (layerW × layerH) whose top-left corner
 * sits at (left, top) on the canvas. Null when the layer has no solid pixels.
 */
export async function contactShadow(alpha: Uint8Array, layerW: number, layerH: number, left: number, top: number): Promise<ShadowMap | null> {
  const box = solidBounds(alpha, layerW, layerH);
  if (!box) return null;
  const profile = columnProfile(alpha, layerW, box);
  const [soft, core] = await Promise.all([squashed(profile, box, 0.18, 0.045, 0.45), squashed(profile, box, 0.03, 0.008, 0.45)]);
  // Union of both, on the soft one's (larger) grid: 1 − (1 − a)(1 − b).
  const map = soft.data;
  for (let y = 0; y < core.height; y++) {
    const sy = y + core.top - soft.top;
    if (sy < 0 || sy >= soft.height) continue;
    for (let x = 0; x < core.width; x++) {
      const sx = x + core.left - soft.left;
      if (sx < 0 || sx >= soft.width) continue;
      const a = map[sy * soft.width + sx];
      const b = core.data[y * core.width + x];
      map[sy * soft.width + sx] = a + b - Math.round((a * b) / 255);
    }
  }
  return { data: map, width: soft.width, height: soft.height, left: left + soft.left, top: top + soft.top };
}
