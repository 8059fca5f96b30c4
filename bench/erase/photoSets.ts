/**
 * The eraser and extender benches' photos, in two sets from separate sources:
 *
 * - tuning: the repository's test photos (tests/assets/photos: astronaut, chelsea, coffee); every threshold and
 *   weight of the fills was chosen while looking at these only;
 * - held-out: 20 photos never looked at while tuning: Debian `darknet` data (dog, eagle, giraffe, horses, kite,
 *   person, scream) and the other photos of Debian `python3-skimage` data (rocket, motorcycles, hubble deep field,
 *   retina, ihc, brick, grass, gravel, camera, coins, moon, page). Grey photos are used as RGB.
 *
 * The Debian packages are fetched once with `apt-get download` into generated/bench-photos (ignored by git) and
 * unpacked with `dpkg -x`; nothing is copied into the repository.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const cache = path.join(repoRoot, 'generated', 'bench-photos');

export interface BenchPhoto {
  name: string;
  file: string;
  /** Where it comes from, for the report. */
  source: string;
}

const DARKNET = ['dog', 'eagle', 'giraffe', 'horses', 'kite', 'person', 'scream'].map((n) => `${n}.jpg`);
const SKIMAGE = [
  'rocket.jpg',
  'motorcycle_left.png',
  'motorcycle_right.png',
  'hubble_deep_field.jpg',
  'retina.jpg',
  'ihc.png',
  'brick.png',
  'grass.png',
  'gravel.png',
  'camera.png',
  'coins.png',
  'moon.png',
  'page.png',
];

/** Downloads and unpacks a Debian package into the cache unless already there; returns its folder. */
export function unpack(pkg: string, marker: string): string {
  const dir = path.join(cache, pkg);
  if (existsSync(path.join(dir, marker))) return dir;
  mkdirSync(dir, { recursive: true });
  execFileSync('apt-get', ['download', pkg], { cwd: cache, stdio: 'ignore' });
  const deb = readdirSync(cache).find((f) => f.startsWith(`${pkg}_`) && f.endsWith('.deb'));
  if (!deb) throw new Error(`apt-get download ${pkg} gave no .deb in ${cache}`);
  execFileSync('dpkg', ['-x', path.join(cache, deb), dir]);
  return dir;
}

/** The tuning photos (always present: they are in the repository). */
export function tuningPhotos(): BenchPhoto[] {
  const dir = path.join(repoRoot, 'tests', 'assets', 'photos');
  return ['astronaut', 'chelsea', 'coffee'].map((name) => ({ name, file: path.join(dir, `${name}.jpg`), source: 'tests/assets/photos (skimage)' }));
}

/** The 20 held-out photos, fetched from Debian on first use. */
export function heldOutPhotos(): BenchPhoto[] {
  mkdirSync(cache, { recursive: true });
  const darknet = path.join(unpack('darknet', 'usr/share/darknet/data/dog.jpg'), 'usr/share/darknet/data');
  const skimage = path.join(unpack('python3-skimage', 'usr/lib/python3/dist-packages/skimage/data/rocket.jpg'), 'usr/lib/python3/dist-packages/skimage/data');
  return [
    ...DARKNET.map((f) => ({ name: path.parse(f).name, file: path.join(darknet, f), source: 'Debian darknet' })),
    ...SKIMAGE.map((f) => ({ name: path.parse(f).name, file: path.join(skimage, f), source: 'Debian python3-skimage' })),
  ];
}

/** `BENCH_SET` = tuning | heldout | all (default all). */
export function benchPhotos(set = process.env.BENCH_SET ?? 'all'): Array<BenchPhoto & { set: 'tuning' | 'heldout' }> {
  const t = set === 'heldout' ? [] : tuningPhotos().map((p) => ({ ...p, set: 'tuning' as const }));
  const h = set === 'tuning' ? [] : heldOutPhotos().map((p) => ({ ...p, set: 'heldout' as const }));
  return [...t, ...h];
}
