/**
 * Image-extender benchmark: extendImage() of server/src/tasks/processors/aiextend.ts on the test photos
 * (tests/assets/photos/*.jpg) resized to about 1 MP and extended to 16:9 (photo centred).
 *
 * Prints per photo the frame size, the size G'MIC actually filled (frames over EXTEND_FILL_MAX_PIXELS are filled on
 * a scaled copy), ms and ms per output MP (median of BENCH_RUNS), peak RSS, and a last line `BENCH_JSON {...}`.
 *
 *   node --import tsx bench/tools/extend.ts
 *   BENCH_RUNS=3 node --import tsx bench/tools/extend.ts
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { EXTEND_FILL_MAX_PIXELS, extendImage } from '../../server/src/tasks/processors/aiextend';
import { median, megapixelPhoto } from '../shared/photos';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const photosDir = path.join(repoRoot, 'tests', 'assets', 'photos');
const runs = Math.max(1, Number(process.env.BENCH_RUNS) || 1);

const files = readdirSync(photosDir).filter((f) => /\.jpe?g$/i.test(f)).sort();
if (files.length === 0) {
  console.error(`bench:extend: no photos in ${photosDir}`);
  process.exit(1);
}

const rows: Array<{ photo: string; frame: string; filled: string; outMp: number; ms: number }> = [];
for (const file of files) {
  const { buf, width, height } = await megapixelPhoto(path.join(photosDir, file));
  const times: number[] = [];
  let frame = { width: 0, height: 0 };
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const { layout } = await extendImage(buf, { ratio: '16:9', position: { x: 0.5, y: 0.5 } });
    times.push(performance.now() - start);
    frame = layout;
  }
  const area = frame.width * frame.height;
  const scale = Math.min(1, Math.sqrt(EXTEND_FILL_MAX_PIXELS / area));
  const filled = `${Math.round(frame.width * scale)}×${Math.round(frame.height * scale)}`;
  const ms = median(times);
  rows.push({ photo: file, frame: `${frame.width}×${frame.height}`, filled, outMp: area / 1e6, ms });
  console.log(`${file} ${width}×${height} → ${frame.width}×${frame.height} (filled at ${filled}): ${ms.toFixed(0)} ms, ${(ms / (area / 1e6)).toFixed(0)} ms/MP (median of ${runs})`);
}

const msPerMp = rows.reduce((s, r) => s + r.ms / r.outMp, 0) / rows.length;
const peakRssMb = process.resourceUsage().maxRSS / 1024;
console.log(`average ${msPerMp.toFixed(0)} ms per output MP; peak RSS ${peakRssMb.toFixed(0)} MB`);
console.log(`BENCH_JSON ${JSON.stringify({
  tool: 'aiextend', ratio: '16:9', runs, fillMaxPixels: EXTEND_FILL_MAX_PIXELS, msPerOutputMp: Math.round(msPerMp), peakRssMb: Math.round(peakRssMb),
  photos: rows.map((r) => ({ ...r, ms: Math.round(r.ms), outMp: Number(r.outMp.toFixed(3)) })),
})}`);
