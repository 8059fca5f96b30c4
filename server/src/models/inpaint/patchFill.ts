/**
 * Multi-scale patch fill (Wexler, Shechtman & Irani's "space-time completion" with Barnes et al.'s PatchMatch
 * search), our own code on float pixels:
 * - a pyramid of the region down to where the hole is a few pixels deep; the coarsest hole starts as the harmonic
 *   fill (structure first), each level then alternates nearest-neighbour search (PatchMatch: propagation + random
 *   search) and voting (every hole pixel becomes the mean of what the patches covering it copy there);
 * - the nearest-neighbour field is carried up the pyramid, so finer levels refine texture without losing the
 *   coarse layout;
 * - sources are only patches lying wholly inside `allowed` (the source band, source.ts), never in a hole;
 * - `maxCopies` caps how many target patches may copy the same source patch with structure (the extender sets it, so
 *   one tree is not stamped into a column of trees); flat patches (sky, a plain wall) may repeat;
 * - `window` (optional) limits each target patch to sources in a box of its own (the extender: the part of the photo
 *   next to the same side, so the sky is not copied below the ground nor the subject into a far corner);
 * - `sharpFinish` (optional) ends with each pixel copied from the patch centred on it instead of the mean of the
 *   overlapping patches, which keeps the texture's grain (the mean blurs it).
 */
import { downsample, type FloatImage, harmonicFill, type HoleMap } from './smooth';

export interface PatchFillOptions {
  /** Half size of a patch (patch = 2r+1 square). Default 3. */
  radius?: number;
  /** Search and vote rounds per level (finest level gets half, at least 2). Default 6. */
  iterations?: number;
  /** The most target patches one source patch may serve. Default unlimited. */
  maxCopies?: number;
  /** Seed of the random search: the same input gives the same fill. */
  seed?: number;
  /** Pyramid levels below the full size (default: from the hole's depth). */
  levels?: number;
  /** Checked between rounds: a cancelled task stops within one round. */
  signal?: AbortSignal;
  /**
   * The box sources of the target patch at full-size (x, y) must lie in: [x0, x1] × [y0, y1], full-size pixels.
   * Targets whose box holds no source may copy from anywhere.
   */
  window?: (x: number, y: number) => [number, number, number, number];
  /** Final round: copy each pixel from its own patch's centre (no averaging). */
  sharpFinish?: boolean;
  /**
   * The coarsest level's start instead of the harmonic fill and random sources: `fill` writes the hole of the level
   * image (`scale` times smaller than full size), `source` gives each full-size target a first source (full size).
   */
  start?: {
    fill: (img: FloatImage, hole: HoleMap, scale: number) => void;
    source: (x: number, y: number) => [number, number];
  };
}

/** [lo, hi] grown evenly to at least `span`. */
function widen(lo: number, hi: number, span: number): [number, number] {
  const missing = span - (hi - lo);
  if (missing <= 0) return [lo, hi];
  return [lo - Math.ceil(missing / 2), hi + Math.ceil(missing / 2)];
}

/** A window per pixel of one level (level pixels), or none. */
interface LevelWindows {
  x0: Int32Array;
  x1: Int32Array;
  y0: Int32Array;
  y1: Int32Array;
}

/** The fill's result: its prediction on the ring, and where each target patch copied from (-1: not a target). */
export interface PatchFillResult {
  ring: Float32Array;
  nnf: Int32Array;
}

interface Level {
  img: FloatImage;
  hole: HoleMap;
  allowed: Uint8Array;
}

/** Patches flatter than this (luminance standard deviation, 0..255) are not recognisable: the copy cap skips them. */
const FLAT_STD = 6;

/** xorshift32: deterministic, fast. */
function rng(seed: number): () => number {
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

function shrinkAllowed(allowed: Uint8Array, coarseHole: HoleMap, w: number, h: number): Uint8Array {
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
function validCentres(allowed: Uint8Array, w: number, h: number, r: number): { ok: Uint8Array; list: Int32Array } {
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
function targetCentres(hole: HoleMap, w: number, h: number, r: number): { is: Uint8Array; list: Int32Array } {
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

/** The fill of one level: search and vote. */
class LevelFill {
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

  constructor(readonly level: Level, readonly r: number, readonly maxCopies: number, readonly random: () => number) {
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
  setWindows(window: NonNullable<PatchFillOptions['window']>, scale: number): void {
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

function holeIndices(hole: HoleMap): Int32Array {
  const list: number[] = [];
  for (let i = 0; i < hole.length; i++) if (hole[i]) list.push(i);
  return Int32Array.from(list);
}

function write(img: FloatImage, pixels: Int32Array, values: Float32Array): void {
  const c = img.channels;
  for (let n = 0; n < pixels.length; n++) for (let k = 0; k < c; k++) img.data[pixels[n] * c + k] = values[n * c + k];
}

/** Levels below full size so that the coarsest hole is about `3r` pixels deep. */
export function levelsFor(depth: number, r: number): number {
  return Math.max(0, Math.floor(Math.log2(Math.max(1, depth / (1.5 * r)))));
}

/**
 * Fills `hole` of `img` in place from patches wholly inside `allowed`. Returns the patch fill's prediction for the
 * known pixels just outside the hole (`ring`, c values each) so a caller can blend the seam (the difference between
 * the prediction and the real pixels there is what the fill gets wrong at its border), and the final
 * nearest-neighbour field. Returns null and leaves the hole as it was when `allowed` holds no whole patch.
 */
export async function patchFill(img: FloatImage, hole: HoleMap, allowed: Uint8Array, depth: number, ring: Int32Array, opts: PatchFillOptions = {}): Promise<PatchFillResult | null> {
  const r = opts.radius ?? 3;
  const iterations = opts.iterations ?? 6;
  const maxCopies = opts.maxCopies ?? Number.POSITIVE_INFINITY;
  const random = rng(opts.seed ?? 12345);
  const levels: Level[] = [{ img, hole, allowed }];
  const nLevels = opts.levels ?? levelsFor(depth, r);
  for (let l = 0; l < nLevels; l++) {
    const top = levels[levels.length - 1];
    if (top.img.width < 6 * r || top.img.height < 6 * r) break;
    const down = downsample(top.img, top.hole);
    levels.push({ img: down.img, hole: down.hole, allowed: shrinkAllowed(top.allowed, down.hole, top.img.width, top.img.height) });
  }
  // Drop coarse levels that have no whole source patch left (a thin band vanishes when halved).
  while (levels.length > 1 && validCentres(levels[levels.length - 1].allowed, levels[levels.length - 1].img.width, levels[levels.length - 1].img.height, r).list.length < 16) levels.pop();

  let prev: LevelFill | null = null;
  for (let l = levels.length - 1; l >= 0; l--) {
    const level = levels[l];
    const fill = new LevelFill(level, r, maxCopies, random);
    if (!fill.usable) return null;
    if (opts.window) fill.setWindows(opts.window, 2 ** l);
    const pixels = holeIndices(level.hole);
    if (prev === null && opts.start) {
      const { fill: startFill, source } = opts.start;
      const scale = 2 ** l;
      startFill(level.img, level.hole, scale);
      fill.init((p) => {
        const x = p % fill.w;
        const [sx, sy] = source((x + 0.5) * scale, ((p - x) / fill.w + 0.5) * scale);
        const cx = Math.min(fill.w - 1, Math.max(0, Math.floor(sx / scale)));
        const cy = Math.min(fill.h - 1, Math.max(0, Math.floor(sy / scale)));
        return cy * fill.w + cx;
      });
    } else if (prev === null) {
      harmonicFill(level.img, level.hole);
      fill.init();
    } else {
      const p0 = prev;
      const w = fill.w;
      fill.init((p) => {
        const x = p % w;
        const y = (p - x) / w;
        const cx = Math.min(p0.w - 1, x >> 1);
        const cy = Math.min(p0.h - 1, y >> 1);
        const s = p0.nnf[cy * p0.w + cx];
        if (s < 0) return -1;
        const sx = 2 * (s % p0.w) + (x & 1);
        const sy = 2 * Math.floor(s / p0.w) + (y & 1);
        return sx < fill.w && sy < fill.h ? sy * w + sx : -1;
      });
      write(level.img, pixels, fill.vote(pixels));
    }
    const rounds = l === 0 ? Math.max(2, iterations >> 1) : iterations;
    for (let it = 0; it < rounds; it++) {
      fill.search(it);
      write(level.img, pixels, fill.vote(pixels));
      // Yield so the task's cancel poll (a timer) can run, then stop if it fired.
      await new Promise((resolve) => setImmediate(resolve));
      opts.signal?.throwIfAborted();
    }
    if (l === 0) {
      const ringValues = fill.vote(ring);
      if (opts.sharpFinish) write(level.img, pixels, fill.copyCentres(pixels));
      return { ring: ringValues, nnf: fill.nnf };
    }
    prev = fill;
  }
  return null;
}
