/**
 * Product recognition accuracy (`npm run bench:products`): 20 labelled photos from three Debian packages,
 * each scaled to 256 px as the app sends it (SPEC §5), through the same code as the `productIdentify` task
 * (CenterNet COCO-80 → box over the subject mask → product category). The label is the category a seller
 * would file the photo's main subject under; the detector has no class for many of them, so `other` or a
 * wrong category is counted as a miss, honestly.
 *
 * Tuning set: scikit-image and darknet photos (the ones looked at while writing the rules).
 * Held-out set: OpenCV sample photos, never looked at while choosing thresholds.
 * The packages are fetched with `apt-get download` into bench/out/products/ (not committed).
 * Last line: `BENCH_JSON {...}`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { RECOGNITION_MAX_SIDE } from '../../engine/spec/limits';
import { identifyProduct } from '../../server/src/models/products/productLabel';
import { median } from '../shared/photos';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const work = path.join(root, 'bench', 'out', 'products');

const PACKAGES = {
  skimage: { deb: 'python3-skimage', dir: 'usr/lib/python3/dist-packages/skimage/data' },
  darknet: { deb: 'darknet', dir: 'usr/share/darknet/data' },
  opencv: { deb: 'opencv-doc', dir: 'usr/share/doc/opencv-doc/examples/data' },
} as const;
type Source = keyof typeof PACKAGES;

interface Photo {
  set: 'tuning' | 'held-out';
  source: Source;
  file: string;
  expected: string;
}

const PHOTOS: Photo[] = [
  { set: 'tuning', source: 'skimage', file: 'coffee.png', expected: 'kitchen' },
  { set: 'tuning', source: 'skimage', file: 'motorcycle_left.png', expected: 'vehicles' },
  { set: 'tuning', source: 'skimage', file: 'chelsea.png', expected: 'animals' },
  { set: 'tuning', source: 'skimage', file: 'astronaut.png', expected: 'people' },
  { set: 'tuning', source: 'darknet', file: 'dog.jpg', expected: 'animals' },
  { set: 'tuning', source: 'darknet', file: 'eagle.jpg', expected: 'animals' },
  { set: 'tuning', source: 'darknet', file: 'giraffe.jpg', expected: 'animals' },
  { set: 'tuning', source: 'darknet', file: 'horses.jpg', expected: 'animals' },
  { set: 'tuning', source: 'darknet', file: 'person.jpg', expected: 'people' },
  { set: 'tuning', source: 'darknet', file: 'kite.jpg', expected: 'toys' },
  { set: 'held-out', source: 'opencv', file: 'apple.jpg', expected: 'food' },
  { set: 'held-out', source: 'opencv', file: 'orange.jpg', expected: 'food' },
  { set: 'held-out', source: 'opencv', file: 'fruits.jpg', expected: 'food' },
  { set: 'held-out', source: 'opencv', file: 'butterfly.jpg', expected: 'animals' },
  { set: 'held-out', source: 'opencv', file: 'squirrel_cls.jpg', expected: 'animals' },
  { set: 'held-out', source: 'opencv', file: 'chicky_512.png', expected: 'animals' },
  { set: 'held-out', source: 'opencv', file: 'left.jpg', expected: 'books' },
  { set: 'held-out', source: 'opencv', file: 'licenseplate_motion.jpg', expected: 'vehicles' },
  { set: 'held-out', source: 'opencv', file: 'box.png', expected: 'food' },
  { set: 'held-out', source: 'opencv', file: 'board.jpg', expected: 'electronics' },
];

/** The folder of a package's photos, downloading and unpacking the .deb once. */
function photoDir(source: Source): string {
  const { deb, dir } = PACKAGES[source];
  const unpacked = path.join(work, source);
  if (!existsSync(path.join(unpacked, dir))) {
    mkdirSync(unpacked, { recursive: true });
    const debs = path.join(work, 'debs');
    mkdirSync(debs, { recursive: true });
    if (!readdirSync(debs).some((f) => f.startsWith(`${deb}_`))) execFileSync('apt-get', ['download', deb], { cwd: debs, stdio: 'ignore' });
    const file = readdirSync(debs).find((f) => f.startsWith(`${deb}_`));
    if (!file) throw new Error(`apt-get download ${deb} failed`);
    execFileSync('dpkg', ['-x', path.join(debs, file), unpacked]);
  }
  return path.join(unpacked, dir);
}

const rows: Array<Photo & { got: string; label: string | null; score: number; ms: number }> = [];
for (const photo of PHOTOS) {
  const file = path.join(photoDir(photo.source), photo.file);
  // What the app uploads: the picture scaled to at most 256 px, as JPEG.
  const small = await sharp(file)
    .flatten({ background: '#ffffff' })
    .resize(RECOGNITION_MAX_SIDE, RECOGNITION_MAX_SIDE, { fit: 'inside' })
    .jpeg({ quality: 90 })
    .toBuffer();
  const start = performance.now();
  const guess = await identifyProduct(small);
  const ms = Math.round(performance.now() - start);
  rows.push({ ...photo, got: guess.categoryId, label: guess.label, score: guess.score, ms });
  console.log(
    `${photo.set.padEnd(8)} ${photo.source.padEnd(7)} ${photo.file.padEnd(24)} expected ${photo.expected.padEnd(11)} got ${guess.categoryId.padEnd(11)} (${guess.label ?? '-'} ${guess.score.toFixed(2)}) ${guess.categoryId === photo.expected ? 'OK' : 'miss'}  ${ms} ms`,
  );
}
const score = (set: string) => {
  const of = rows.filter((r) => r.set === set);
  return { correct: of.filter((r) => r.got === r.expected).length, total: of.length };
};
const tuning = score('tuning');
const heldOut = score('held-out');
console.log(`tuning set (skimage + darknet): ${tuning.correct}/${tuning.total}`);
console.log(`held-out set (opencv-doc): ${heldOut.correct}/${heldOut.total}`);
console.log(`all: ${tuning.correct + heldOut.correct}/20; median time per photo (after the first): ${median(rows.slice(1).map((r) => r.ms))} ms`);
console.log(
  `BENCH_JSON ${JSON.stringify({ tuning, heldOut, rows: rows.map(({ file, expected, got, label, score: s }) => ({ file, expected, got, label, score: s })) })}`,
);
