import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TEXT_REVIEW_MAX_CHARS, type SensitiveWordLists, type TextReviewer } from '../../engine/textReview';
import { createServerTextReviewer } from '../../server/src/textReview/wordListFile';
import { heldOutEvasions, tuningEvasions, type Evasion } from '../../server/src/textReview/promptSets/evasions';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const pct = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)} %`;

/** Recall on evasions and false positives on innocent prompts, per set and language; returns the rows. */
export function measureTextReview(verbose: boolean): string[] {
  const lists = JSON.parse(readFileSync(path.join(ROOT, 'server/config/sensitive-words.json'), 'utf8')) as SensitiveWordLists;
  const innocent = JSON.parse(readFileSync(path.join(ROOT, 'server/src/textReview/promptSets/innocent.json'), 'utf8')) as {
    tuning: Record<'en' | 'zh', string[]>;
    heldOut: Record<'en' | 'zh', string[]>;
  };
  const reviewer: TextReviewer = createServerTextReviewer(lists);
  const sets: Array<[string, Evasion[], Record<'en' | 'zh', string[]>]> = [
    ['tuning', tuningEvasions(lists), innocent.tuning],
    ['held-out', heldOutEvasions(lists, innocent.heldOut), innocent.heldOut],
  ];
  const rows: string[] = [];
  for (const [name, evasions, clean] of sets) {
    for (const lang of ['en', 'zh'] as const) {
      const mine = evasions.filter((e) => e.lang === lang);
      const missed = mine.filter((e) => reviewer.review(e.text).compliant);
      const flagged = clean[lang].filter((text) => !reviewer.review(text).compliant);
      rows.push(
        `text review  ${name.padEnd(8)} ${lang}  evasions caught ${pct(mine.length - missed.length, mine.length).padStart(7)} (${mine.length - missed.length}/${mine.length})` +
          `   innocent flagged ${pct(flagged.length, clean[lang].length).padStart(6)} (${flagged.length}/${clean[lang].length})`,
      );
      if (verbose) {
        for (const e of missed) rows.push(`    missed [${e.kind}] ${JSON.stringify(e.text)}`);
        for (const text of flagged) rows.push(`    flagged ${JSON.stringify(text)} → ${reviewer.review(text).matches.join(', ')}`);
      }
    }
  }
  // Speed: adversarial texts of the longest length a review accepts (TEXT_REVIEW_MAX_CHARS), the slowest one.
  const worst = ['||||', 'a^', 's$s5', 'a.s.s', 'f..u..c..', '色情', 'a cat in the snow, ', 'f u c ']
    .map((unit) => {
      const text = unit.repeat(Math.ceil(TEXT_REVIEW_MAX_CHARS / unit.length)).slice(0, TEXT_REVIEW_MAX_CHARS);
      const t0 = performance.now();
      reviewer.review(text);
      return { unit, ms: performance.now() - t0 };
    })
    .sort((a, b) => b.ms - a.ms)[0];
  rows.push(`text review  slowest ${TEXT_REVIEW_MAX_CHARS}-character text: ${worst.ms.toFixed(1)} ms (${JSON.stringify(worst.unit)} repeated)`);
  return rows;
}
