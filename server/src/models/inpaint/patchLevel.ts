/**
 * One pyramid level of the patch fill (patchFill.ts): PatchMatch's nearest-neighbour search (propagation + random
 * search, each target limited to its source window and each structured source to `maxCopies` uses) and the vote
 * that turns the nearest-neighbour field into pixels.
 */
import { targetCentres, validCentres, widen } from './patchGrid';
import type { FloatImage, HoleMap } from './smooth';

/**
 * The box sources of the target patch at full-size (x, y) must lie in: [x0, x1] × [y0, y1], full-size pixels.
 */
export type SourceWindow = (x: number, y: number) => [number, number, number, number];

/** A window per pixel of one level (level pixels), or none. */
interface LevelWindows {
  x0: Int32Array;
  x1: Int32Array;
  y0: Int32Array;
  y1: Int32Array;
}

export interface Level {
  img: FloatImage;
  hole: HoleMap;
  allowed: Uint8Array;
}

/** Patches flatter than this (luminance standard deviation, 0..255) are not recognisable: the copy cap skips them. */
const FLAT_STD = 6;

/** The fill of one level: search and vote. */
export class LevelFill {
  readonly w: number;
  readonly h: number;
  readonly c: number;
  readonly valid: { ok: Uint8Array; list: Int32Array };
  readonly targets: { is: Uint8Array; list: Int32Array };
  readonly nnf: Int32Array;
  readonly cost: Float32Array;
  readonly usage: Int32Array;
  /** Per source centre: 1 when the copy cap applies (a patch with structure; a flat patch may repeat freely). */
  readonly capped: Uint8Array;

  windows: LevelWindows | null = null;

  constructor(
    readonly level: Level,
    readonly r: number,
    readonly maxCopies: number,
    readonly random: () => number,
  ) {
    this.w = level.img.width;
    this.h = level.img.height;
    this.c = level.img.channels;
    this.valid = validCentres(level.allowed, this.w, this.h, r);
    this.targets = targetCentres(level.hole, this.w, this.h, r);
    this.nnf = new Int32Array(this.w * this.h).fill(-1);
    this.cost = new Float32Array(this.w * this.h);
    this.usage = new Int32Array(this.w * this.h);
    this.capped = new Uint8Array(this.w * this.h);
    if (Number.isFinite(maxCopies)) for (const s of this.valid.list) this.capped[s] = this.patchStd(s) > FLAT_STD ? 1 : 0;
  }

  /** Standard deviation of a patch's luminance. */
  private patchStd(s: number): number {
    const { w, r, c } = this;
    const data = this.level.img.data;
    let sum = 0;
    let sq = 0;
    let n = 0;
    for (let dy = -r; dy <= r; dy++) {
      for (let dx = -r; dx <= r; dx++) {
        const i = (s + dy * w + dx) * c;
        const v = 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];
        sum += v;
        sq += v * v;
        n++;
      }
    }
    return Math.sqrt(Math.max(0, sq / n - (sum / n) ** 2));
  }

  /** Sets each target's source box from `window` (full-size coordinates; this level is `scale` times smaller). */
  setWindows(window: SourceWindow, scale: number): void {
    const { w, h, r } = this;
    const win: LevelWindows = { x0: new Int32Array(w * h), x1: new Int32Array(w * h), y0: new Int32Array(w * h), y1: new Int32Array(w * h) };
    for (const p of this.targets.list) {
      const x = p % w;
      const y = (p - x) / w;
      const [a0, a1, b0, b1] = window((x + 0.5) * scale, (y + 0.5) * scale);
      // At least a few whole patches deep: a strip a few level pixels deep holds no whole patch at coarse levels,
      // and a target whose box holds none may copy from anywhere (the sky under the ground).
      const [x0, x1] = widen(Math.floor(a0 / scale), Math.ceil(a1 / scale), 2 * r + 3);
      const [y0, y1] = widen(Math.floor(b0 / scale), Math.ceil(b1 / scale), 2 * r + 3);
      win.x0[p] = Math.max(r, x0);
      win.x1[p] = Math.min(w - 1 - r, x1);
      win.y0[p] = Math.max(r, y0);
      win.y1[p] = Math.min(h - 1 - r, y1);
    }
    this.windows = win;
  }

  private inWindow(p: number, s: number): boolean {
    const win = this.windows;
    if (!win || win.x0[p] < 0) return true;
    const sx = s % this.w;
    const sy = (s - sx) / this.w;
    return sx >= win.x0[p] && sx <= win.x1[p] && sy >= win.y0[p] && sy <= win.y1[p];
  }

  /** A random valid source in p's window (a few tries); when there is none the window is lifted for p. */
  private randomFor(p: number): number {
    const win = this.windows;
    if (!win || win.x0[p] < 0) return this.randomSource();
    const { w } = this;
    // First a source under its copy cap; then, rather than leaving the window (the sky under the ground), any source
    // in it: a strip narrower than the border cannot serve every target within the cap.
    for (let t = 0; t < 48; t++) {
      const x = win.x0[p] + Math.floor(this.random() * (win.x1[p] - win.x0[p] + 1));
      const y = win.y0[p] + Math.floor(this.random() * (win.y1[p] - win.y0[p] + 1));
      const s = y * w + x;
      if (x < 0 || y < 0 || x >= w || y >= this.h || !this.valid.ok[s]) continue;
      if (t >= 24 || !(this.capped[s] && this.usage[s] >= this.maxCopies)) return s;
    }
    win.x0[p] = -1;
    return this.randomSource();
  }

  get usable(): boolean {
    return this.valid.list.length > 0;
  }

  randomSource(): number {
    return this.valid.list[Math.floor(this.random() * this.valid.list.length)];
  }

  /** Sum of squared differences of the colour channels (early exit above `limit`). */
  distance(p: number, s: number, limit: number): number {
    const { w, h, r, c } = this;
    const data = this.level.img.data;
    const px = p % w;
    const py = (p - px) / w;
    const sx = s % w;
    const sy = (s - sx) / w;
    let d = 0;
    for (let dy = -r; dy <= r; dy++) {
      const ty = py + dy;
      if (ty < 0 || ty >= h) continue;
      const trow = ty * w;
      const srow = (sy + dy) * w;
      for (let dx = -r; dx <= r; dx++) {
        const tx = px + dx;
        if (tx < 0 || tx >= w) continue;
        const a = (trow + tx) * c;
        const b = (srow + sx + dx) * c;
        const d0 = data[a] - data[b];
        const d1 = data[a + 1] - data[b + 1];
        const d2 = data[a + 2] - data[b + 2];
        d += d0 * d0 + d1 * d1 + d2 * d2;
      }
      if (d > limit) return d;
    }
    return d;
  }

  assign(p: number, s: number, d: number): void {
    const old = this.nnf[p];
    if (old >= 0) this.usage[old]--;
    this.nnf[p] = s;
    this.usage[s]++;
    this.cost[p] = d;
  }

  private tryCandidate(p: number, s: number): void {
    if (s < 0 || s === this.nnf[p] || !this.valid.ok[s] || !this.inWindow(p, s)) return;
    if (this.capped[s] && this.usage[s] >= this.maxCopies) return;
    const d = this.distance(p, s, this.cost[p]);
    if (d < this.cost[p]) this.assign(p, s, d);
  }

  /** Starts every target with a random source, or with `seedOf(p)` when that is valid. */
  init(seedOf?: (p: number) => number): void {
    for (const p of this.targets.list) {
      let s = seedOf ? seedOf(p) : -1;
      if (s < 0 || !this.valid.ok[s] || !this.inWindow(p, s) || (this.capped[s] && this.usage[s] >= this.maxCopies)) s = this.randomFor(p);
      this.assign(p, s, this.distance(p, s, Infinity));
    }
  }

  /** One PatchMatch pass (scan order alternates), costs recomputed first since the vote changed the pixels. */
  search(pass: number): void {
    const { w, h, targets, nnf } = this;
    for (const p of targets.list) this.cost[p] = this.distance(p, nnf[p], Infinity);
    const forward = pass % 2 === 0;
    const step = forward ? 1 : -1;
    const n = targets.list.length;
    for (let k = 0; k < n; k++) {
      const p = targets.list[forward ? k : n - 1 - k];
      const x = p % w;
      const y = (p - x) / w;
      // Propagation: the neighbour already visited in this scan, shifted by one.
      const qx = x - step;
      if (qx >= 0 && qx < w && targets.is[p - step] && nnf[p - step] >= 0) {
        const s = nnf[p - step];
        const sx = (s % w) + step;
        if (sx >= 0 && sx < w) this.tryCandidate(p, s + step);
      }
      const qy = y - step;
      if (qy >= 0 && qy < h && targets.is[p - step * w] && nnf[p - step * w] >= 0) this.tryCandidate(p, nnf[p - step * w] + step * w);
      // Random search around the current best, radius halving (inside p's window when it has one).
      const win = this.windows && this.windows.x0[p] >= 0 ? this.windows : null;
      const lx = win ? win.x0[p] : 0;
      const hx = win ? win.x1[p] : w - 1;
      const ly = win ? win.y0[p] : 0;
      const hy = win ? win.y1[p] : h - 1;
      for (let radius = win ? Math.max(hx - lx, hy - ly, 1) : Math.max(w, h); radius >= 1; radius >>= 1) {
        const b = nnf[p];
        const bx = b % w;
        const by = (b - bx) / w;
        const cx = Math.min(hx, Math.max(lx, bx + Math.round((this.random() * 2 - 1) * radius)));
        const cy = Math.min(hy, Math.max(ly, by + Math.round((this.random() * 2 - 1) * radius)));
        this.tryCandidate(p, cy * w + cx);
      }
      this.tryCandidate(p, this.randomFor(p));
    }
  }

  /** Each pixel of `pixels` copied from the centre of the patch centred on it (its own nearest neighbour). */
  copyCentres(pixels: Int32Array): Float32Array {
    const { c, nnf } = this;
    const data = this.level.img.data;
    const out = new Float32Array(pixels.length * c);
    for (let n = 0; n < pixels.length; n++) {
      const s = nnf[pixels[n]] >= 0 ? nnf[pixels[n]] : pixels[n];
      for (let k = 0; k < c; k++) out[n * c + k] = data[s * c + k];
    }
    return out;
  }

  /**
   * Each pixel of `pixels` becomes the mean of the values the patches covering it copy there. Returns the values
   * (c per pixel) without writing them.
   */
  vote(pixels: Int32Array): Float32Array {
    const { w, h, r, c, nnf, targets } = this;
    const data = this.level.img.data;
    const out = new Float32Array(pixels.length * c);
    for (let n = 0; n < pixels.length; n++) {
      const q = pixels[n];
      const qx = q % w;
      const qy = (q - qx) / w;
      let count = 0;
      for (let dy = -r; dy <= r; dy++) {
        const py = qy - dy;
        if (py < 0 || py >= h) continue;
        for (let dx = -r; dx <= r; dx++) {
          const px = qx - dx;
          if (px < 0 || px >= w) continue;
          const p = py * w + px;
          if (!targets.is[p] || nnf[p] < 0) continue;
          const s = nnf[p] + dy * w + dx;
          for (let k = 0; k < c; k++) out[n * c + k] += data[s * c + k];
          count++;
        }
      }
      if (count === 0) for (let k = 0; k < c; k++) out[n * c + k] = data[q * c + k];
      else for (let k = 0; k < c; k++) out[n * c + k] /= count;
    }
    return out;
  }
}
