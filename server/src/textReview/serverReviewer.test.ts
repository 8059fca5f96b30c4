import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SensitiveWordLists } from '../../../engine/textReview';
import { pinyinForms } from './pinyinForms';
import { createServerTextReviewer, DEFAULT_WORDS_FILE } from './wordListFile';

const lists = JSON.parse(readFileSync(DEFAULT_WORDS_FILE, 'utf8')) as SensitiveWordLists;
const reviewer = createServerTextReviewer(lists);

describe("the server's reviewer: evasions of issue 28", () => {
  it.each([
    ['a listed word glued after another word', 'an uglybitch poster', 'uglybitch'],
    ['a listed word glued before another word', 'pornstar on a bed', 'pornstar'],
    ['two words glued to a listed one', 'fuckthisshit', 'fuckthisshit'],
    ['glued with an inflection', 'dirtysluts everywhere', 'dirtysluts'],
    ['a listed word glued inside a hashtag', '#bigwhorelover', 'bigwhorelover'],
    ['y turned to i before -es', 'two pussies', 'pussies'],
    ['v written for u', 'fvck off', 'fvck'],
    ['pinyin of a Chinese term, apart', 'xiang kan se qing tu pian', 'se qing'],
    ['pinyin of a Chinese term, run together', 'huangpian download', 'huangpian'],
    ['Traditional characters of a term listed in Simplified only', '這是黃片', '黃片'],
  ])('catches %s', (_, text, match) => {
    const result = reviewer.review(text);
    expect(result.compliant).toBe(false);
    expect(result.matches).toContain(match);
  });

  it.each([
    'grapejuice on a table',
    'rapeseedoil bottle',
    'a cockpit view',
    'a pussycat on a sofa',
    'Scunthorpe town centre',
    'therapist office',
    'shiitake mushrooms',
    'bitcoin chart',
    'scrapbook page',
    'a classic cocktail',
    'passionfruit smoothie',
    'a shih tzu puppy',
  ])('passes the innocent compound or word %j', (text) => {
    expect(reviewer.review(text)).toEqual({ compliant: true, matches: [] });
  });

  it.each(['紅色情人節海報', '暖色情調的客廳', '具有特色情調的照片', '景色情人'])('passes the Traditional %j as it passes in Simplified', (text) => {
    expect(reviewer.review(text)).toEqual({ compliant: true, matches: [] });
  });

  it('masks a glued run as written', () => {
    expect(reviewer.mask('an uglybitch poster')).toBe('an ********* poster');
  });
});

describe('pinyinForms', () => {
  it('spells terms of two or more characters without tones, apart and run together (five letters or more)', () => {
    expect(pinyinForms(['色情', '女', '性交'])).toEqual(['se qing', 'seqing', 'xing jiao', 'xingjiao']);
    expect(pinyinForms(['傻逼', '黄片'])).toEqual(['sha bi', 'shabi', 'huang pian', 'huangpian']);
  });
});
