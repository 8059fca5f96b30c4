/**
 * Background-blur benchmark: blurBackground() of server/src/processors/bgblur.ts on the test photos
 * (tests/assets/photos/*.jpg) resized to about 1 MP.
 *
 * Per photo: "first" = a photo the tool has not seen (IS-Net runs; the very first also loads the model, reported
 * apart), "re-run" = the same photo at other strengths (the subject mask comes from the cache, as when a user moves
 * the strength slider). Prints ms and ms/MP, peak RSS, and a last line `BENCH_JSON {...}`.
 *
 *   node --import tsx bench/tools/bgblur.ts
 *   BENCH_RUNS=5 node --import tsx bench/tools/bgblur.ts
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { blurBackground } from '../../server/src/processors/bgblur';
import { median, megapixelPhoto } from '../shared/photos';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const photosDir = path.join(repoRoot, 'tests', 'assets', 'photos');
const runs = Math.max(1, Number(process.env.BENCH_RUNS) || 3);

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

const files = readdirSync(photosDir)
  .filter((f) => /\.jpe?g$/i.test(f))
  .sort();
if (files.length === 0) {
  console.error(`bench:bgblur: no photos in ${photosDir}`);
  process.exit(1);
}

// Model load: a tiny throw-away image, so the first real photo measures only the work.
const warm = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#88aacc' } })
  .jpeg()
  .toBuffer();
const loadMs = await time(() => blurBackground(warm, { strength: 50, feather: 3 }));
console.log(`model load + tiny image: ${loadMs.toFixed(0)} ms`);

const rows: Array<{ photo: string; mp: number; firstMs: number; rerunMs: number }> = [];
for (const file of files) {
  const { buf, width, height } = await megapixelPhoto(path.join(photosDir, file));
  const mp = (width * height) / 1e6;
  const firstMs = await time(() => blurBackground(buf, { strength: 50, feather: 3 }));
  const reruns: number[] = [];
  for (let i = 0; i < runs; i++) reruns.push(await time(() => blurBackground(buf, { strength: 20 + ((i * 37) % 80), feather: 3 })));
  const rerunMs = median(reruns);
  rows.push({ photo: file, mp, firstMs, rerunMs });
  console.log(
    `${file} ${width}×${height}: first ${firstMs.toFixed(0)} ms (${(firstMs / mp).toFixed(0)} ms/MP), re-run ${rerunMs.toFixed(0)} ms (${(rerunMs / mp).toFixed(0)} ms/MP, median of ${runs})`,
  );
}

const avg = (key: 'firstMs' | 'rerunMs') => rows.reduce((s, r) => s + r[key] / r.mp, 0) / rows.length;
const peakRssMb = process.resourceUsage().maxRSS / 1024;
console.log(`average: first ${avg('firstMs').toFixed(0)} ms/MP, re-run ${avg('rerunMs').toFixed(0)} ms/MP; peak RSS ${peakRssMb.toFixed(0)} MB`);
console.log(
  `BENCH_JSON ${JSON.stringify({
    tool: 'bgblur',
    runs,
    loadMs: Math.round(loadMs),
    firstMsPerMp: Math.round(avg('firstMs')),
    rerunMsPerMp: Math.round(avg('rerunMs')),
    peakRssMb: Math.round(peakRssMb),
    photos: rows.map((r) => ({ ...r, firstMs: Math.round(r.firstMs), rerunMs: Math.round(r.rerunMs), mp: Number(r.mp.toFixed(3)) })),
  })}`,
);
