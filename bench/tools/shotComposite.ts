/**
 * Writes one object-removal composite of bench/erase/objects.ts (two copies of a cut-out side by side on a photo) as
 * a PNG, with the erased copy's box, for the eraser screenshots (tests/e2e/eraseExtendShots.spec.ts):
 *   BENCH_LONG_SIDE=800 node --import tsx bench/tools/shotComposite.ts tuning large tp-cementmixer /tmp/shot.png
 * prints {"file","box":{x,y,w,h},"width","height"}.
 */
import { writeFile } from 'node:fs/promises';
import { buildObjectComposites } from '../erase/objects';

const [set = 'tuning', cls = 'large', name = '', file = '/tmp/erase-shot.png'] = process.argv.slice(2);
const all = await buildObjectComposites(set as 'tuning' | 'heldout');
const c = all.find((x) => x.cls === cls && x.name.includes(name));
if (!c) throw new Error(`no ${set} ${cls} composite named like ${name}`);
await writeFile(file, c.photo);
let x0 = c.width,
  y0 = c.height,
  x1 = 0,
  y1 = 0;
for (let y = 0; y < c.height; y++)
  for (let x = 0; x < c.width; x++) {
    if (!c.hole[y * c.width + x]) continue;
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
console.log(JSON.stringify({ file, name: c.name, width: c.width, height: c.height, box: { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 } }));
