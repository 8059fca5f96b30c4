/**
 * The text-removal benches' photos (watermark.ts, textFillVariants.ts), in two sets from separate sources:
 *
 * - tuning: the repository's test photos (astronaut, chelsea, coffee) and the 10 photos the text fill was tuned on
 *   before (bench/erase/photoSets.ts: the 7 Debian `darknet` photos, skimage rocket, brick and camera);
 * - held-out: 15 photos no bench of this repository had used, from four other Debian packages: `opencv-doc`
 *   (examples/data: fruits, baboon, leuvenA, squirrel_cls, aloeL, orange, building, butterfly, aero1, apple, home),
 *   `python3-sklearn` (china, flower), `python-matplotlib-data` (grace_hopper) and `lomiri-wallpapers-20.04`
 *   (Kleiber_by_Lukas_Baubkus). Chosen for being photos without text of their own (messi5 has a logo, the
 *   wallpapers are mostly drawings) before any fill was run on them; measured once, after the rules are fixed.
 *
 * Fetched with `apt-get download` into generated/bench-photos (ignored by git), like the eraser bench's.
 */
import path from 'node:path';
import { type BenchPhoto, benchPhotos, unpack } from '../erase/photoSets';

const OPENCV = ['fruits', 'baboon', 'leuvenA', 'squirrel_cls', 'aloeL', 'orange', 'building', 'butterfly', 'aero1', 'apple', 'home'];

/** The 13 tuning photos. */
export function textTuningPhotos(): BenchPhoto[] {
  return benchPhotos('all').filter((p) => p.set === 'tuning' || p.source === 'Debian darknet' || ['rocket', 'brick', 'camera'].includes(p.name));
}

/** The 15 held-out photos, fetched from Debian on first use. */
export function textHeldOutPhotos(): BenchPhoto[] {
  const opencv = path.join(unpack('opencv-doc', 'usr/share/doc/opencv-doc/examples/data/fruits.jpg'), 'usr/share/doc/opencv-doc/examples/data');
  const sklearn = path.join(
    unpack('python3-sklearn', 'usr/lib/python3/dist-packages/sklearn/datasets/images/china.jpg'),
    'usr/lib/python3/dist-packages/sklearn/datasets/images',
  );
  const mpl = path.join(
    unpack('python-matplotlib-data', 'usr/share/matplotlib/mpl-data/sample_data/grace_hopper.jpg'),
    'usr/share/matplotlib/mpl-data/sample_data',
  );
  const lomiri = path.join(unpack('lomiri-wallpapers-20.04', 'usr/share/backgrounds/Kleiber_by_Lukas_Baubkus.jpg'), 'usr/share/backgrounds');
  return [
    ...OPENCV.map((n) => ({ name: n, file: path.join(opencv, `${n}.jpg`), source: 'Debian opencv-doc' })),
    ...['china', 'flower'].map((n) => ({ name: n, file: path.join(sklearn, `${n}.jpg`), source: 'Debian python3-sklearn' })),
    { name: 'grace_hopper', file: path.join(mpl, 'grace_hopper.jpg'), source: 'Debian python-matplotlib-data' },
    { name: 'Kleiber', file: path.join(lomiri, 'Kleiber_by_Lukas_Baubkus.jpg'), source: 'Debian lomiri-wallpapers-20.04' },
  ];
}

/** `BENCH_SET` = tuning (default) | heldout | all. */
export function textPhotos(set = process.env.BENCH_SET ?? 'tuning'): Array<BenchPhoto & { set: 'tuning' | 'heldout' }> {
  const t = set === 'heldout' ? [] : textTuningPhotos().map((p) => ({ ...p, set: 'tuning' as const }));
  const h = set === 'tuning' ? [] : textHeldOutPhotos().map((p) => ({ ...p, set: 'heldout' as const }));
  return [...t, ...h];
}
