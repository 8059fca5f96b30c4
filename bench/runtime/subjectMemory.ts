/**
 * Memory of subject detection on a 49 MP photo (issue 16, finding 5: it added 0.8 GB): runs
 * the real detection (IS-Net, models/subjectMask.ts) on a 7000×7000 JPEG in this process and
 * prints the peak RSS above the level after the model was loaded.
 *
 *   npm run bench:subject-memory
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { detectSubjectMask } from '../../server/src/models/subjectMask';
import { loadIsnet } from '../../server/src/models/isnet';
import { PHOTOS_DIR } from '../shared/photos';

/** Peak resident memory of this process so far, in MB (Linux VmHWM). */
const peakMb = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? NaN) / 1024;
const rssMb = () => process.memoryUsage().rss / 1024 / 1024;

const photo = await sharp(path.join(PHOTOS_DIR, 'astronaut.jpg')).resize(7000, 7000).jpeg({ quality: 80 }).toBuffer();
await loadIsnet();
// Warm up on a small photo so the model's first-run allocations are not counted as the big photo's.
await detectSubjectMask(await sharp(path.join(PHOTOS_DIR, 'astronaut.jpg')).jpeg().toBuffer());
const before = Math.max(peakMb(), rssMb());
const start = performance.now();
const found = await detectSubjectMask(photo);
const ms = performance.now() - start;
const above = peakMb() - before;
console.log(`7000×7000 subject mask: ${found.width}×${found.height}, coverage ${found.coverage.toFixed(3)}, ${Math.round(ms)} ms`);
console.log(`peak RSS ${Math.round(peakMb())} MB, ${Math.round(above)} MB above the warmed-up peak`);
console.log(`BENCH_JSON ${JSON.stringify({ ms: Math.round(ms), peakRssMb: Math.round(peakMb()), aboveWarmMb: Math.round(above) })}`);
