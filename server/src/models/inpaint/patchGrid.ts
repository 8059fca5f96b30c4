/**
 * The grids the patch fill works on (patchFill.ts): which centres may serve as sources (their whole patch in the
 * allowed area), which are targets (their patch touches the hole), the allowed area one level down, and the seeded
 * random numbers of the search.
 */
import type { HoleMap } from './smooth';

/** [lo, hi] grown evenly to at least `span`. */
export function widen(lo: number, hi: number, span: number): [number, number] {
  const missing = span - (hi - lo);
  if (missing <= 0) return [lo, hi];
  return [lo - Math.ceil(missing / 2), hi + Math.ceil(missing / 2)];
}

/** xorshift32: deterministic, fast. */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 0x9e3779b9;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

export function shrinkAllowed(allowed: Uint8Array, coarseHole: HoleMap, w: number, h: number): Uint8Array {
  const w2 = Math.ceil(w / 2);
  const h2 = Math.ceil(h / 2);
  const out = new Uint8Array(w2 * h2);
  for (let y = 0; y < h2; y++) {
    for (let x = 0; x < w2; x++) {
      if (coarseHole[y * w2 + x]) continue;
      let ok = 1;
      for (let dy = 0; dy < 2 && ok; dy++) {
        for (let dx = 0; dx < 2 && ok; dx++) {
          const fx = 2 * x + dx;
          const fy = 2 * y + dy;
          if (fx < w && fy < h && !allowed[fy * w + fx]) ok = 0;
        }
      }
      out[y * w2 + x] = ok;
    }
  }
  return out;
}

/** Centres whose whole patch lies in `allowed` (summed-area table). */
export function validCentres(allowed: Uint8Array, w: number, h: number, r: number): { ok: Uint8Array; list: Int32Array } {
  const sat = new Int32Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += allowed[y * w + x];
      sat[(y + 1) * (w + 1) + x + 1] = sat[y * (w + 1) + x + 1] + row;
    }
  }
  const ok = new Uint8Array(w * h);
  const full = (2 * r + 1) ** 2;
  const list: number[] = [];
  for (let y = r; y < h - r; y++) {
    for (let x = r; x < w - r; x++) {
      const x0 = x - r;
      const y0 = y - r;
      const x1 = x + r + 1;
      const y1 = y + r + 1;
      const s = sat[y1 * (w + 1) + x1] - sat[y0 * (w + 1) + x1] - sat[y1 * (w + 1) + x0] + sat[y0 * (w + 1) + x0];
      if (s === full) {
        ok[y * w + x] = 1;
        list.push(y * w + x);
      }
    }
  }
  return { ok, list: Int32Array.from(list) };
}

/** Patch centres whose patch touches the hole. */
export function targetCentres(hole: HoleMap, w: number, h: number, r: number): { is: Uint8Array; list: Int32Array } {
  const is = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!hole[y * w + x]) continue;
      for (let yy = Math.max(0, y - r); yy <= Math.min(h - 1, y + r); yy++) is.fill(1, yy * w + Math.max(0, x - r), yy * w + Math.min(w - 1, x + r) + 1);
    }
  }
  const list: number[] = [];
  for (let i = 0; i < is.length; i++) if (is[i]) list.push(i);
  return { is, list: Int32Array.from(list) };
}
