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
import { LevelFill, type Level, type SourceWindow } from './patchLevel';
import { rng, shrinkAllowed, validCentres } from './patchGrid';
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
  window?: SourceWindow;
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

/** The fill's result: its prediction on the ring, and where each target patch copied from (-1: not a target). */
export interface PatchFillResult {
  ring: Float32Array;
  nnf: Int32Array;
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
export async function patchFill(
  img: FloatImage,
  hole: HoleMap,
  allowed: Uint8Array,
  depth: number,
  ring: Int32Array,
  opts: PatchFillOptions = {},
): Promise<PatchFillResult | null> {
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
  while (
    levels.length > 1 &&
    validCentres(levels[levels.length - 1].allowed, levels[levels.length - 1].img.width, levels[levels.length - 1].img.height, r).list.length < 16
  )
    levels.pop();

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
