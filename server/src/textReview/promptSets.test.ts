import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SensitiveWordLists } from '../../../engine/textReview';
import { heldOutEvasions, tuningEvasions } from './promptSets/evasions';
import { createServerTextReviewer } from './wordListFile';

const lists = JSON.parse(readFileSync(new URL('../../config/sensitive-words.json', import.meta.url), 'utf8')) as SensitiveWordLists;
const innocent = JSON.parse(readFileSync(new URL('./promptSets/innocent.json', import.meta.url), 'utf8')) as Record<
  'tuning' | 'heldOut',
  Record<'en' | 'zh', string[]>
>;
const reviewer = createServerTextReviewer(lists);

describe('issue 13 targets on prompts the project did not write (npm run bench:prompt-safety prints the figures)', () => {
  it('has at least 400 prompts per set, from two different sources', () => {
    for (const set of [innocent.tuning, innocent.heldOut]) expect(set.en.length + set.zh.length).toBeGreaterThanOrEqual(400);
    expect(innocent.heldOut.en.some((line) => innocent.tuning.en.includes(line))).toBe(false);
  });

  for (const [name, make] of [
    ['tuning', () => tuningEvasions(lists)],
    ['held-out', () => heldOutEvasions(lists, innocent.heldOut)],
  ] as const)
    it(`catches at least 95 percent of the ${name} evasions, in English and in Chinese`, () => {
      const evasions = make();
      for (const lang of ['en', 'zh'] as const) {
        const mine = evasions.filter((e) => e.lang === lang);
        const caught = mine.filter((e) => !reviewer.review(e.text).compliant).length;
        expect(caught / mine.length, lang).toBeGreaterThanOrEqual(0.95);
      }
    });

  for (const set of ['tuning', 'heldOut'] as const)
    it(`flags at most 1 percent of the ${set} innocent prompts, in English and in Chinese`, () => {
      for (const lang of ['en', 'zh'] as const) {
        const flagged = innocent[set][lang].filter((text) => !reviewer.review(text).compliant);
        expect(flagged.length / innocent[set][lang].length, `${lang}: ${flagged.join(' | ')}`).toBeLessThanOrEqual(0.01);
      }
    });
});
