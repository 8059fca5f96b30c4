/**
 * Real photos for bench/batch: Debian `python3-skimage` sample data and Debian `darknet` sample data (fetched
 * once with `apt-get download` + `dpkg -x` into a cache folder outside the repository), the rembg fixtures in
 * ../shared/fixtures/rembg, and tests/assets/photos. Set BENCH_PHOTOS=<folder> to use other photos.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../server/src/config';

const CACHE = path.join(os.tmpdir(), 'photo-studio-bench-photos');
const SKIMAGE = [
  'astronaut.png',
  'chelsea.png',
  'coffee.png',
  'hubble_deep_field.jpg',
  'ihc.png',
  'motorcycle_left.png',
  'motorcycle_right.png',
  'retina.jpg',
  'rocket.jpg',
  'camera.png',
  'moon.png',
  'grass.png',
  'gravel.png',
  'brick.png',
];

async function debianPhotos(): Promise<string[]> {
  const root = path.join(CACHE, 'x');
  if (!existsSync(path.join(root, 'usr/share/darknet/data/dog.jpg'))) {
    await mkdir(root, { recursive: true });
    execFileSync('apt-get', ['download', 'python3-skimage', 'darknet'], { cwd: CACHE, stdio: 'ignore' });
    for (const deb of (await readdir(CACHE)).filter((f) => f.endsWith('.deb'))) execFileSync('dpkg', ['-x', path.join(CACHE, deb), root]);
  }
  const darknet = path.join(root, 'usr/share/darknet/data');
  const skimage = path.join(root, 'usr/lib/python3/dist-packages/skimage/data');
  return [
    ...(await readdir(darknet))
      .filter((f) => f.endsWith('.jpg'))
      .sort()
      .map((f) => path.join(darknet, f)),
    ...SKIMAGE.map((f) => path.join(skimage, f)).filter((f) => existsSync(f)),
  ];
}

/** The distinct real photos, sorted, each a path. */
export async function benchPhotos(): Promise<string[]> {
  const own = process.env.BENCH_PHOTOS;
  if (own)
    return (await readdir(own))
      .filter((f) => /\.(jpe?g|png|webp)$/i.test(f))
      .sort()
      .map((f) => path.join(own, f));
  const rembg = path.resolve(PROJECT_ROOT, '..', 'shared/fixtures/rembg');
  const fixtures = ['/work/shared/fixtures/rembg', rembg].find((d) => existsSync(d));
  const extra = fixtures ? (await readdir(fixtures)).filter((f) => /^[a-z]+-\d\.jpg$/.test(f)).map((f) => path.join(fixtures, f)) : [];
  return [...(await debianPhotos()), ...extra];
}
