/**
 * The extender bench's photos (bench/tools/extend.ts), in three sets kept apart:
 *
 * - tuning: the repository's test photos (astronaut, chelsea, coffee); every rule of the extender was chosen while
 *   looking at these;
 * - seen: the Debian `darknet` photos (dog, eagle, giraffe, horses, kite, person, scream), the extender's first
 *   held-out set. Their screenshots were looked at while the rules changed (the scream's seams, the dog's foliage),
 *   so they are no longer held out: reported apart, never as held-out figures;
 * - heldout: photos the extender bench never ran on, each with its own ratios (aspect changes that the photo does
 *   not already have), from Debian `python3-skimage` data: rocket, motorcycle, Hubble deep field, camera man, coins,
 *   moon, grass, IHC stain. Fixed (committed) before the issue-15 rule changes that it judges, and measured once
 *   after them.
 *
 * The Debian packages come through bench/erase/photoSets.ts (`apt-get download` into generated/bench-photos).
 */
import path from 'node:path';
import type { ExtendRatio } from '../../server/src/processors/aiextendLayout';
import { heldOutPhotos, tuningPhotos } from '../erase/photoSets';

export type ExtendSet = 'tuning' | 'seen' | 'heldout';
type Ratio = Exclude<ExtendRatio, 'custom'>;

export interface ExtendPhoto {
  set: ExtendSet;
  name: string;
  file: string;
  /** The ratios this photo is extended to; null = the bench's default list (BENCH_RATIOS). */
  ratios: Ratio[] | null;
}

/** The held-out extensions: photo (python3-skimage data) and its aspect changes. */
const HELD_OUT: Array<[string, Ratio[]]> = [
  ['rocket.jpg', ['16:9', '1:1']],
  ['motorcycle_left.png', ['16:9', '1:1']],
  ['hubble_deep_field.jpg', ['16:9', '9:16']],
  ['camera.png', ['16:9', '9:16']],
  ['coins.png', ['16:9', '1:1']],
  ['moon.png', ['16:9']],
  ['grass.png', ['9:16']],
  ['ihc.png', ['16:9']],
];

/** `set` = tuning | seen | heldout | all (default all). */
export function extendPhotos(set = 'all'): ExtendPhoto[] {
  const pick = (s: ExtendSet) => set === 'all' || set === s;
  const out: ExtendPhoto[] = [];
  if (pick('tuning')) out.push(...tuningPhotos().map((p) => ({ set: 'tuning' as const, name: p.name, file: p.file, ratios: null })));
  if (pick('seen') || pick('heldout')) {
    const debian = heldOutPhotos();
    if (pick('seen')) {
      out.push(...debian.filter((p) => p.source === 'Debian darknet').map((p) => ({ set: 'seen' as const, name: p.name, file: p.file, ratios: null })));
    }
    if (pick('heldout')) {
      const dir = path.dirname(debian.find((p) => p.name === 'rocket')!.file);
      out.push(...HELD_OUT.map(([f, ratios]) => ({ set: 'heldout' as const, name: path.parse(f).name, file: path.join(dir, f), ratios })));
    }
  }
  return out;
}
