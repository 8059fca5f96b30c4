/**
 * What the eraser bench measures on one filled hole, against the real photo:
 * - PSNR over the hole's own pixels (not its bounding box);
 * - seam: mean absolute step (0..255, mean of R, G, B) between each hole pixel on the border and its
 *   4-neighbours outside the hole. A fill with a colour step or a hard edge at its border scores high; the photo's
 *   own value over the same pairs is printed beside it as the reference;
 * - changed outside: pixels outside the union of all holes that differ from the input at all.
 */

export interface Rgb {
  data: Buffer;
  width: number;
  height: number;
}

/** One hole: its pixels as a 0/1 map over the photo. */
export interface Hole {
  kind: 'rect' | 'brush';
  size: number;
  map: Uint8Array;
}

/** A rectangle hole of size×size centred at (cx, cy). */
export function rectHole(width: number, height: number, cx: number, cy: number, size: number): Hole {
  const map = new Uint8Array(width * height);
  const x0 = Math.round(cx - size / 2);
  const y0 = Math.round(cy - size / 2);
  for (let y = Math.max(0, y0); y < Math.min(height, y0 + size); y++) map.fill(1, y * width + Math.max(0, x0), y * width + Math.min(width, x0 + size));
  return { kind: 'rect', size, map };
}

/**
 * A brush stroke `size` px wide along a quadratic curve from (x0, y0) through a bent middle to (x1, y1): what a user
 * paints over a wire, a person or a branch.
 */
export function brushHole(width: number, height: number, x0: number, y0: number, x1: number, y1: number, size: number): Hole {
  const map = new Uint8Array(width * height);
  const mx = (x0 + x1) / 2 + (y1 - y0) * 0.25;
  const my = (y0 + y1) / 2 - (x1 - x0) * 0.25;
  const r = size / 2;
  const steps = Math.ceil(Math.hypot(x1 - x0, y1 - y0) / 2) + 2;
  for (let s = 0; s <= steps; s++) {
    const t = s / steps;
    const px = (1 - t) ** 2 * x0 + 2 * (1 - t) * t * mx + t * t * x1;
    const py = (1 - t) ** 2 * y0 + 2 * (1 - t) * t * my + t * t * y1;
    for (let y = Math.max(0, Math.floor(py - r)); y <= Math.min(height - 1, Math.ceil(py + r)); y++) {
      for (let x = Math.max(0, Math.floor(px - r)); x <= Math.min(width - 1, Math.ceil(px + r)); x++) {
        if ((x - px) ** 2 + (y - py) ** 2 <= r * r) map[y * width + x] = 1;
      }
    }
  }
  return { kind: 'brush', size, map };
}

/** PSNR (dB) over the hole's pixels. */
export function holePsnr(truth: Rgb, result: Rgb, hole: Hole): number {
  let se = 0;
  let n = 0;
  for (let i = 0; i < hole.map.length; i++) {
    if (!hole.map[i]) continue;
    for (let k = 0; k < 3; k++) {
      const d = truth.data[i * 3 + k] - result.data[i * 3 + k];
      se += d * d;
    }
    n += 3;
  }
  const mse = se / Math.max(1, n);
  return mse === 0 ? 99 : 10 * Math.log10((255 * 255) / mse);
}

/** Mean absolute step across the hole's border (see the file comment). */
export function seam(img: Rgb, hole: Hole): number {
  const { width: w, height: h, data } = img;
  let sum = 0;
  let n = 0;
  const step = (a: number, b: number) => {
    sum += (Math.abs(data[a * 3] - data[b * 3]) + Math.abs(data[a * 3 + 1] - data[b * 3 + 1]) + Math.abs(data[a * 3 + 2] - data[b * 3 + 2])) / 3;
    n++;
  };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!hole.map[i]) continue;
      if (x > 0 && !hole.map[i - 1]) step(i, i - 1);
      if (x < w - 1 && !hole.map[i + 1]) step(i, i + 1);
      if (y > 0 && !hole.map[i - w]) step(i, i - w);
      if (y < h - 1 && !hole.map[i + w]) step(i, i + w);
    }
  }
  return n ? sum / n : 0;
}

/**
 * The area a fill really changed around one hole: the hole plus the changed pixels connected to it within `reach`
 * px (a fill that grows the mask moves its seam outwards, and the seam is measured where it really is).
 */
export function changedArea(input: Rgb, result: Rgb, hole: Hole, reach = 8): Hole {
  const { width: w, height: h } = input;
  const map = new Uint8Array(hole.map);
  let front: number[] = [];
  for (let i = 0; i < map.length; i++) if (map[i]) front.push(i);
  const differs = (i: number) =>
    input.data[i * 3] !== result.data[i * 3] || input.data[i * 3 + 1] !== result.data[i * 3 + 1] || input.data[i * 3 + 2] !== result.data[i * 3 + 2];
  for (let step = 0; step < reach && front.length; step++) {
    const next: number[] = [];
    for (const i of front) {
      const x = i % w;
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i >= w ? i - w : -1, i < (h - 1) * w ? i + w : -1]) {
        if (j < 0 || map[j] || !differs(j)) continue;
        map[j] = 1;
        next.push(j);
      }
    }
    front = next;
  }
  return { ...hole, map };
}

/** Pixels outside `union` where `result` differs from `input`. */
export function changedOutside(input: Rgb, result: Rgb, union: Uint8Array): number {
  let changed = 0;
  for (let i = 0; i < union.length; i++) {
    if (union[i]) continue;
    if (input.data[i * 3] !== result.data[i * 3] || input.data[i * 3 + 1] !== result.data[i * 3 + 1] || input.data[i * 3 + 2] !== result.data[i * 3 + 2])
      changed++;
  }
  return changed;
}

/** Each hole filled with the mean colour of the 3-px ring just outside it: the baseline every fill must beat. */
export function meanFill(input: Rgb, holes: Hole[]): Rgb {
  const out = Buffer.from(input.data);
  const { width: w, height: h } = input;
  for (const hole of holes) {
    const sum = [0, 0, 0];
    let n = 0;
    let x0 = w,
      y0 = h,
      x1 = 0,
      y1 = 0;
    for (let i = 0; i < hole.map.length; i++) {
      if (!hole.map[i]) continue;
      const x = i % w,
        y = (i - x) / w;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
    for (let y = Math.max(0, y0 - 3); y <= Math.min(h - 1, y1 + 3); y++) {
      for (let x = Math.max(0, x0 - 3); x <= Math.min(w - 1, x1 + 3); x++) {
        const i = y * w + x;
        if (hole.map[i]) continue;
        let near = false;
        for (let dy = -3; dy <= 3 && !near; dy++) {
          for (let dx = -3; dx <= 3 && !near; dx++) {
            const nx = x + dx;
            const ny = y + dy;
            if (nx >= 0 && ny >= 0 && nx < w && ny < h && hole.map[ny * w + nx]) near = true;
          }
        }
        if (!near) continue;
        for (let k = 0; k < 3; k++) sum[k] += input.data[i * 3 + k];
        n++;
      }
    }
    for (let i = 0; i < hole.map.length; i++) if (hole.map[i]) for (let k = 0; k < 3; k++) out[i * 3 + k] = Math.round(sum[k] / Math.max(1, n));
  }
  return { ...input, data: out };
}
