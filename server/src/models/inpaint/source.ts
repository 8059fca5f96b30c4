/**
 * Where a patch fill may copy from: a band of known pixels around the hole, reached from the hole's border without
 * crossing a strong edge. The distance is geodesic (Dial's bucket queue): a step costs 1 plus a penalty that grows
 * with the edge strength of the pixel stepped on, so an object's outline is a wall and the asphalt behind a car, or
 * the wood beyond a saucer's rim, is not offered to a hole that does not touch it. When the band is too small to fill
 * from (a hole in busy texture, where everything is "edge"), the penalty is halved until it is large enough.
 */
import type { FloatImage, HoleMap } from './smooth';

/** Edge strength 0..1 of each pixel: central differences of a 3×3-box-blurred luminance, saturating at `full`. */
export function edgeStrength(img: FloatImage, full = 48): Float32Array {
  const { width: w, height: h, channels: c, data } = img;
  const lum = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) lum[i] = 0.299 * data[i * c] + 0.587 * data[i * c + 1] + 0.114 * data[i * c + 2];
  const blur = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= w) continue;
          s += lum[yy * w + xx];
          n++;
        }
      }
      blur[y * w + x] = s / n;
    }
  }
  const e = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const gx = (blur[y * w + Math.min(w - 1, x + 1)] - blur[y * w + Math.max(0, x - 1)]) / 2;
      const gy = (blur[Math.min(h - 1, y + 1) * w + x] - blur[Math.max(0, y - 1) * w + x]) / 2;
      e[y * w + x] = Math.min(1, Math.hypot(gx, gy) / full);
    }
  }
  return e;
}

/**
 * Known pixels within geodesic distance `radius` of the hole's border, with step cost 1 + penalty·edge².
 * `blocked` pixels (other holes) are never entered.
 */
export function geodesicBand(hole: HoleMap, blocked: HoleMap, edge: Float32Array, w: number, h: number, radius: number, penalty: number): Uint8Array {
  const maxD = Math.ceil(radius);
  const dist = new Int32Array(w * h).fill(maxD + 1);
  const buckets: number[][] = Array.from({ length: maxD + 1 }, () => []);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (hole[i] || blocked[i]) continue;
      const touches = (x > 0 && hole[i - 1]) || (x < w - 1 && hole[i + 1]) || (y > 0 && hole[i - w]) || (y < h - 1 && hole[i + w]);
      if (!touches) continue;
      dist[i] = 0;
      buckets[0].push(i);
    }
  }
  for (let d = 0; d <= maxD; d++) {
    const bucket = buckets[d];
    for (let b = 0; b < bucket.length; b++) {
      const i = bucket[b];
      if (dist[i] !== d) continue;
      const x = i % w;
      const y = (i - x) / w;
      const nbs = [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < h - 1 ? i + w : -1];
      for (const j of nbs) {
        if (j < 0 || hole[j] || blocked[j]) continue;
        const nd = d + 1 + Math.round(penalty * edge[j] * edge[j]);
        if (nd < dist[j] && nd <= maxD) {
          dist[j] = nd;
          buckets[nd].push(j);
        }
      }
    }
  }
  const band = new Uint8Array(w * h);
  for (let i = 0; i < band.length; i++) band[i] = dist[i] <= maxD ? 1 : 0;
  return band;
}

/**
 * The source band of one hole: geodesic band of `radius` with the edge penalty, relaxed (penalty halved, down to 0)
 * until it holds at least `minPixels` pixels.
 */
export function sourceBand(img: FloatImage, hole: HoleMap, blocked: HoleMap, radius: number, minPixels: number, edge = edgeStrength(img)): Uint8Array {
  let penalty = 40;
  for (;;) {
    const band = geodesicBand(hole, blocked, edge, img.width, img.height, radius, penalty);
    let n = 0;
    for (let i = 0; i < band.length; i++) n += band[i];
    if (n >= minPixels || penalty === 0) return band;
    penalty = penalty < 2 ? 0 : penalty / 2;
  }
}
