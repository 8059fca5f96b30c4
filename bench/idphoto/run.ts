/**
 * `npm run bench:idphoto`: the ID photo maker on the test portraits × the five grid templates. Prints,
 * per pair, the head-height ratio, top margin, eye line and eye tilt measured on the OUTPUT (a fresh
 * face mesh + the first non-background row, server/src/idphoto/measureOutput.ts), the template's bands,
 * the file size and pass/fail (head and top inside the band ±1 point, US eyes inside theirs, tilt ≤ 3°),
 * then the time per photo. A refused photo prints its problem.
 */
import { readFile } from 'node:fs/promises';
import { inBand } from '../../engine/idphoto/template';
import { findIdPhotoTemplate } from '../../engine/idphoto/templates';
import { parseIdPhotoParams } from '../../engine/idphoto/params';
import { problemFromMessage } from '../../engine/idphoto/checks';
import { makeIdPhoto } from '../../server/src/idphoto/makeIdPhoto';
import { measureIdPhoto } from '../../server/src/idphoto/measureOutput';
import { GRID_TEMPLATES, PORTRAITS } from '../../server/src/idphoto/portraits';

const f1 = (v: number) => v.toFixed(1);
const rows: string[] = [
  '| portrait | template | head % (band) | top % (band) | eyes from bottom % (band) | eye tilt ° | px | kB | result |',
  '|---|---|---|---|---|---|---|---|---|',
];
let pass = 0;
let total = 0;
for (const [name, file] of Object.entries(PORTRAITS)) {
  const input = await readFile(file);
  for (const templateId of GRID_TEMPLATES) {
    const parsed = parseIdPhotoParams({ templateId });
    if (!parsed.ok) throw new Error(parsed.message);
    const t = findIdPhotoTemplate(templateId)!;
    total++;
    const started = performance.now();
    try {
      const r = await makeIdPhoto(input, parsed.value);
      const ms = performance.now() - started;
      const m = await measureIdPhoto(r.body, parsed.value.bgColor);
      const ok =
        inBand(m.headPercent, t.headPercent, 1) &&
        inBand(m.topPercent, t.topPercent, 1) &&
        (!t.eyePercent || inBand(m.eyePercent, t.eyePercent, 1)) &&
        Math.abs(m.eyeTiltDeg) <= 3 &&
        m.width === t.pixelWidth &&
        m.height === t.pixelHeight &&
        m.density === t.dpi &&
        (!t.maxFileKB || r.body.length <= t.maxFileKB * 1000);
      if (ok) pass++;
      rows.push(
        `| ${name} | ${templateId} | ${f1(m.headPercent)} (${t.headPercent.join('–')}) | ${f1(m.topPercent)} (${t.topPercent.join('–')}) | ${f1(m.eyePercent)}${t.eyePercent ? ` (${t.eyePercent.join('–')})` : ''} | ${f1(m.eyeTiltDeg)} | ${m.width}×${m.height} @${m.density} | ${Math.round(r.body.length / 1000)} | ${ok ? 'pass' : 'FAIL'} (${Math.round(ms)} ms) |`,
      );
    } catch (err) {
      const problem = problemFromMessage((err as Error).message);
      rows.push(`| ${name} | ${templateId} | – | – | – | – | – | – | refused: ${problem ?? (err as Error).message} |`);
    }
  }
}
console.log(rows.join('\n'));
console.log(`\n${pass} of ${total} portrait × template pairs pass (refusals count as not passed).`);
