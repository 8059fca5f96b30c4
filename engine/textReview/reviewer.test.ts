import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTextReviewer } from './reviewer';
import type { SensitiveWordLists } from './types';
import { jiebaSegmenter } from '../../server/src/textReview/jiebaSegmenter';

const projectLists = JSON.parse(readFileSync(new URL('../../server/config/sensitive-words.json', import.meta.url), 'utf8')) as SensitiveWordLists;
// The server's reviewer: with jieba for Chinese words.
const segment = jiebaSegmenter()!;
const reviewer = createTextReviewer(projectLists, { segment });
const review = (text: string) => reviewer.review(text);

describe('createTextReviewer with the project lists', () => {
  it.each([
    ['What the fuck is this', ['fuck']],
    ['SHIT happens', ['SHIT']],
    ['you are an Asshole', ['Asshole']],
    ['stupid bitches', ['bitches']],
    ['this is sh1t', ['sh1t']],
    ['你他妈的真是个傻逼', ['他妈的', '傻逼']],
    ['操你妈', ['操你妈']],
    ['这张图片有色情内容', ['色情']],
    ['這張圖片有色情內容，幹你娘', ['色情', '幹你娘']],
  ])('flags %j', (text, matches) => {
    expect(review(text)).toEqual({ compliant: false, matches });
  });

  it.each([
    'I live in Scunthorpe',
    'The assistant analyzed the cockpit of the class ship',
    'Cocktail party in Essex with a grapefruit',
    '今天天气很好，我们去公园拍照',
    '他们在操场上打篮球',
    '他們在操場上打籃球',
    '我想把照片调得更亮一点',
    '逼真的人像照片',
    '给我画一个性感的模特',
    '具有特色情调的照片',
    'A field of oilseed rape in spring',
    '',
  ])('passes %j', (text) => {
    expect(review(text)).toEqual({ compliant: true, matches: [] });
  });
});

describe('English: whole words, any case', () => {
  const en = createTextReviewer({ en: ['ass', 'child porn', 'porn', 'f*ck'], zh: [], 'zh-tw': [], allow: [] });

  it('matches whole words in any case and at any punctuation', () => {
    expect(en.review('ASS').matches).toEqual(['ASS']);
    expect(en.review('you (ass)!').matches).toEqual(['ass']);
    expect(en.review('"Ass," he said.').matches).toEqual(['Ass']);
    expect(en.review('kick_ass').matches).toEqual(['ass']);
    expect(en.review('f*ck off').matches).toEqual(['f*ck']);
  });

  it('never matches inside a longer word, in any script', () => {
    // ('asses' is the plural of a listed word, so it counts.)
    for (const text of ['class', 'assistant', 'passé', 'ass1', 'Ĳass', 'jackass', 'pornographic']) {
      expect(en.review(text), text).toEqual({ compliant: true, matches: [] });
    }
    // A hyphen separates words.
    expect(en.review('bass-ass').matches).toEqual(['ass']);
  });

  it('finds Latin words written inside Chinese text, where there are no spaces', () => {
    expect(en.review('你是ass吗').matches).toEqual(['ass']);
    expect(en.review('これはpornです').matches).toEqual(['porn']);
  });

  it('prefers the longer phrase and lets white space inside a phrase vary', () => {
    expect(en.review('no CHILD   porn here').matches).toEqual(['CHILD   porn']);
    expect(en.review('Child\nporn').matches).toEqual(['Child\nporn']);
  });

  it('lists each word once, with its first spelling, in text order', () => {
    expect(en.review('porn Ass PORN ass').matches).toEqual(['porn', 'Ass']);
  });
});

describe('Chinese: Simplified and Traditional, with the allow-list first', () => {
  const zh = createTextReviewer({ en: ['bitch'], zh: ['傻逼', '性交', '逼'], 'zh-tw': ['賤人'], allow: ['逼真', '异性交'] }, { segment });

  it('matches Simplified and Traditional entries anywhere in the text', () => {
    expect(zh.review('这是傻逼').matches).toEqual(['傻逼']);
    expect(zh.review('你這個賤人').matches).toEqual(['賤人']);
  });

  it('ignores a match lying inside an allowed word, but not one that only overlaps it', () => {
    expect(zh.review('逼真的照片').compliant).toBe(true);
    expect(zh.review('异性交往').compliant).toBe(true);
    expect(zh.review('傻逼真的').matches).toEqual(['傻逼']);
    expect(zh.review('性交和逼真').matches).toEqual(['性交']);
  });

  it('finds entries split by noise characters', () => {
    expect(zh.review('傻*逼').matches).toEqual(['傻*逼']);
    expect(zh.review('傻 逼').matches).toEqual(['傻 逼']);
    expect(zh.review('逼 真 的').compliant).toBe(true);
  });

  it('ignores the single-character junk entry 逼', () => {
    expect(zh.review('逼迫').compliant).toBe(true);
  });

  it('reviews mixed Chinese and English text with both lists', () => {
    expect(zh.review('Bitch，你是傻逼').matches).toEqual(['Bitch', '傻逼']);
  });
});

describe('reviewer.mask', () => {
  it('masks what the review found, one character per code point, and leaves allowed words alone', () => {
    expect(reviewer.mask('What the FUCK, 你这个傻逼 Scunthorpe')).toBe('What the ****, 你这个** Scunthorpe');
    expect(reviewer.mask('逼真的傻逼', '#')).toBe('逼真的##');
    expect(reviewer.mask('傻*逼')).toBe('***');
    expect(reviewer.mask('')).toBe('');
  });

  it('builds a reviewer that finds nothing from empty lists', () => {
    const empty = createTextReviewer({ en: [], zh: [], 'zh-tw': [], allow: [] }, { segment });
    expect(empty.review('fuck 傻逼')).toEqual({ compliant: true, matches: [] });
    expect(empty.mask('fuck')).toBe('fuck');
  });
});
