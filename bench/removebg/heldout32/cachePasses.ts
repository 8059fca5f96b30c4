/**
 * Runs the model passes of every issue-32 composite once and caches them (.data/heldout32/cache/), so the
 * rules on top (the guard, the illustration choice: cutoutGuard.ts, illustration.ts) can be tuned and
 * measured without running IS-Net again (quality.ts reads the cache):
 * - ours: the first pass's mask and the planned second passes' masks (runCutoutPasses);
 * - stretched: one IS-Net pass at 1024² (the library's framing) on our session;
 * - library: @imgly/background-removal-node's own removeBackground ("medium", PNG), its alpha.
 * Per composite the three run one after the other, and their wall and CPU times are recorded.
 *
 *   node --import tsx bench/removebg/heldout32/cachePasses.ts [tuning|heldout]   (BENCH_ONLY=a,b; BENCH_VARIANTS=library skips the 1024² pass)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { DEFAULT_CUTOUT_OPTIONS } from '../../../server/src/models/cutoutPasses';
import { decodeUpright, isnetPass, runCutoutPasses } from '../../../server/src/models/removeBackground';
import { buildComposites32, SOURCES32_DIR, type Split32 } from './build';

export const CACHE32_DIR = path.join(SOURCES32_DIR, 'cache');

export interface CachedPasses {
  name: string;
  first: { width: number; height: number };
  plans: Array<{ crop: { x: number; y: number; width: number; height: number }; size: { width: number; height: number }; zoom: number }>;
  /** ms wall / ms CPU of each variant in this run. */
  times: Record<string, { wall: number; cpu: number }>;
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, { wall: number; cpu: number }]> {
  const c0 = process.cpuUsage(),
    t0 = performance.now();
  const out = await fn();
  const c = process.cpuUsage(c0);
  return [out, { wall: performance.now() - t0, cpu: (c.user + c.system) / 1000 }];
}

async function main(): Promise<void> {
  const split = process.argv[2] as Split32 | undefined;
  const only = process.env.BENCH_ONLY?.split(',');
  const composites = (await buildComposites32(split)).filter((c) => !only || only.includes(c.name));
  const require = createRequire(import.meta.url);
  const imglyDist = path.dirname(require.resolve('@imgly/background-removal-node'));
  const imgly = await import('@imgly/background-removal-node');
  const imglyConfig = { publicPath: pathToFileURL(imglyDist).href + '/', model: 'medium' as const, output: { format: 'image/png' as const } };
  for (const c of composites) {
    const dir = path.join(CACHE32_DIR, c.split, c.name);
    if (existsSync(path.join(dir, 'passes.json')) && !process.env.BENCH_FORCE) continue;
    mkdirSync(dir, { recursive: true });
    const [passes, tOurs] = await timed(async () => {
      const { rgba, photo } = await decodeUpright(c.jpeg);
      // Every plan is cached, drawn picture or not: the illustration rule is applied by quality.ts.
      return runCutoutPasses(rgba, photo, { ...DEFAULT_CUTOUT_OPTIONS, illustrationSinglePass: false });
    });
    const want = (v: string) => (process.env.BENCH_VARIANTS ?? 'stretched,library').split(',').includes(v);
    const skip = async () => new Uint8Array(0);
    const [stretched, tStretched] = await timed(async () => {
      if (!want('stretched')) return skip();
      const { rgba, photo } = await decodeUpright(c.jpeg);
      return isnetPass(rgba, photo, null, { width: 1024, height: 1024 });
    });
    const [lib, tLib] = await timed(async () => {
      if (!want('library')) return skip();
      const blob = await imgly.removeBackground(new Blob([new Uint8Array(c.jpeg)], { type: 'image/jpeg' }), imglyConfig);
      return sharp(Buffer.from(await blob.arrayBuffer()))
        .ensureAlpha()
        .extractChannel(3)
        .raw()
        .toBuffer();
    });
    writeFileSync(path.join(dir, 'first.bin'), passes.firstMask);
    passes.cropMasks.forEach((m, k) => writeFileSync(path.join(dir, `crop${k}.bin`), m));
    writeFileSync(path.join(dir, 'stretched.bin'), stretched);
    writeFileSync(path.join(dir, 'library.bin'), lib);
    const meta: CachedPasses = { name: c.name, first: passes.first, plans: passes.plans, times: { ours: tOurs, stretched: tStretched, library: tLib } };
    writeFileSync(path.join(dir, 'passes.json'), JSON.stringify(meta));
    console.log(
      `${c.split} ${c.name} ${c.width}x${c.height} first ${passes.first.width}x${passes.first.height} +${passes.plans.length} | ours ${tOurs.wall.toFixed(0)} ms, library ${tLib.wall.toFixed(0)} ms`,
    );
  }
}

/** Reads one composite's cache. */
export function readCached(split: Split32, name: string) {
  const dir = path.join(CACHE32_DIR, split, name);
  const meta = JSON.parse(readFileSync(path.join(dir, 'passes.json'), 'utf8')) as CachedPasses;
  const bin = (f: string) => new Uint8Array(readFileSync(path.join(dir, f)));
  return {
    meta,
    firstMask: bin('first.bin'),
    cropMasks: meta.plans.map((_, k) => bin(`crop${k}.bin`)),
    stretched: bin('stretched.bin'),
    library: bin('library.bin'),
  };
}

if (process.argv[1]?.endsWith('cachePasses.ts')) {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
