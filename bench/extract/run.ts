/**
 * Text and seal extraction figures (`npm run bench:extract`): the 14 lines drawn in Noto fonts over three
 * real photos (server/src/models/ocr/ocrFixtures.testkit.ts) read by PP-OCRv4, exact lines and character error
 * rate, and the synthetic round seal's ring and centre text. Timings are wall time of one warm call each on
 * this machine (shared cores: compare only within one run). Last line: `BENCH_JSON {...}`.
 */
import { exactLines, normaliseText, SEAL_CENTRE_TEXT, SEAL_RING_TEXT, sealDocument, textFixtures } from '../../server/src/models/ocr/ocrFixtures.testkit';
import { readText } from '../../server/src/models/ocr/ocrEngine';
import { extractSeals } from '../../server/src/models/ocr/seal';

/** Levenshtein distance, for the character error rate. */
function distance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let prev = Array.from({ length: y.length + 1 }, (_, i) => i);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[y.length];
}

const fixtures = await textFixtures();
await readText(fixtures[0].image); // warm-up: model load
let exact = 0;
let total = 0;
let errors = 0;
let chars = 0;
const photos: Array<{ name: string; exact: number; lines: number; ms: number }> = [];
for (const fixture of fixtures) {
  const start = performance.now();
  const lines = await readText(fixture.image);
  const ms = Math.round(performance.now() - start);
  const found = exactLines(
    fixture.lines,
    lines.map((l) => l.text),
  );
  for (const expected of fixture.lines) {
    const want = normaliseText(expected);
    const best = Math.min(...lines.map((l) => distance(want, normaliseText(l.text))), want.length);
    errors += best;
    chars += [...want].length;
    if (!found.includes(expected)) console.log(`  missed: "${expected}" (closest edit distance ${best})`);
  }
  exact += found.length;
  total += fixture.lines.length;
  photos.push({ name: fixture.name, exact: found.length, lines: fixture.lines.length, ms });
  console.log(`${fixture.name}: ${found.length}/${fixture.lines.length} exact, ${ms} ms`);
}
const cer = errors / chars;
console.log(`text: ${exact}/${total} lines exact, CER ${cer.toFixed(3)}`);

const sealStart = performance.now();
const { seals } = await extractSeals(await sealDocument());
const sealMs = Math.round(performance.now() - sealStart);
const seal = seals[0];
console.log(
  `seal: ${seals.length} found; ring "${seal?.ringText}" ${seal?.ringText === SEAL_RING_TEXT ? 'exact' : 'WRONG'}; centre "${seal?.centreText}" ${seal?.centreText === SEAL_CENTRE_TEXT ? 'exact' : 'WRONG'}; ${sealMs} ms`,
);
console.log(
  `BENCH_JSON ${JSON.stringify({ exact, total, cer, photos, seal: { found: seals.length, ring: seal?.ringText, centre: seal?.centreText, ms: sealMs } })}`,
);
