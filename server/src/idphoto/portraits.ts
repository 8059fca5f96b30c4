/**
 * The real portraits the ID photo tests and bench use (see NOTICE.md): the scikit-image astronaut
 * and six one-person crops of @vladmandic/face-api's group demo photos, with different head sizes
 * (head 150–560 px) and head rolls (−7° to +12°).
 */
import path from 'node:path';
import { PROJECT_ROOT } from '../config';

export const PORTRAITS: Record<string, string> = {
  astronaut: path.join(PROJECT_ROOT, 'tests/assets/photos/astronaut.jpg'),
  ...Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f'].map((k) => [`portrait-${k}`, path.join(PROJECT_ROOT, `tests/assets/portraits/portrait-${k}.jpg`)])),
};
export const GROUP_PHOTO = path.join(PROJECT_ROOT, 'tests/assets/portraits/group-sample6.jpg');

/** The five templates every portrait is tried with: square, EU, Chinese and Japanese top-margin rules, and the tall Canadian one. */
export const GRID_TEMPLATES = ['us-passport', 'schengen-visa', 'cn-passport', 'jp-passport', 'ca-passport'] as const;
