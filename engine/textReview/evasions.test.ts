import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jiebaSegmenter } from '../../server/src/textReview/jiebaSegmenter';
import { createTextReviewer } from './reviewer';
import type { SensitiveWordLists } from './types';

const lists = JSON.parse(readFileSync(new URL('../../server/config/sensitive-words.json', import.meta.url), 'utf8')) as SensitiveWordLists;
const server = createTextReviewer(lists, { segment: jiebaSegmenter()! });
const browser = createTextReviewer(lists);

describe('English evasions of listed words are caught (issue 13)', () => {
  it.each([
    ['upper and mixed case', 'FuCk this', 'FuCk'],
    ['a hashtag', 'love #porn', 'porn'],
    ['full-width letters', 'ｆｕｃｋ you', 'ｆｕｃｋ'],
    ['spaced letters', 'you b i t c h', 'b i t c h'],
    ['dots inside', 's.h.i.t happens', 's.h.i.t'],
    ['dashes inside', 'a wh-o-re', 'wh-o-re'],
    ['l33t digits and symbols', 'sh1t and a$$hole and p0rn', 'sh1t'],
    ['zero-width characters', 'p\u200Bo\u200Br\u200Bn', 'p\u200Bo\u200Br\u200Bn'],
    ['Cyrillic look-alikes', 'а ѕlut', 'ѕlut'],
    ['Greek look-alikes', 'ρorno', 'ρorno'],
    ['repeated letters', 'fuuuuck yeah', 'fuuuuck'],
    ['plural', 'pedophiles', 'pedophiles'],
    ['-ing', 'bitching about it', 'bitching'],
    ['-ed', 'he was raped', 'raped'],
    ['-er', 'rapers', 'rapers'],
    ['a final e dropped before -ing', 'whoring around', 'whoring'],
    ['a phrase run together in a hashtag', '#childporn', 'childporn'],
    ['accents', 'pörn', 'pörn'],
    ['pinyin of the worst Chinese terms', 'ni shi sha bi', 'sha bi'],
  ])('%s', (_, text, first) => {
    const result = server.review(text);
    expect(result.compliant).toBe(false);
    expect(result.matches[0]).toBe(first);
    expect(browser.review(text).compliant).toBe(false);
  });

  it('masks the disguised word as the user wrote it, one character per code point', () => {
    expect(server.mask('ｆｕｃｋ off')).toBe('**** off');
    expect(server.mask('f.u.c.k off')).toBe('******* off');
  });

  it.each([
    'pussy willow branches in a vase',
    'a knight with a bastard sword',
    'Pussy Willow in spring',
    'a rapper on stage',
    'grapes on a table',
    'a shih tzu puppy',
    'class photo, assistant, Scunthorpe, cockpit',
    'therapist office',
    'a field of oilseed rape',
    'Essex sunset',
    'a pussycat on a sofa',
  ])('passes the innocent %j', (text) => {
    expect(server.review(text)).toEqual({ compliant: true, matches: [] });
  });
});

describe('Chinese by words (issue 13)', () => {
  it.each(['红色情人节海报', '暖色情调的客厅', '具有特色情调的照片', '異性交往的故事', '景色情人', '蛋黄片', '春色情浓', '红色 情人节 海报', '红色，情人节'])(
    'passes %j on the server',
    (text) => {
      expect(server.review(text)).toEqual({ compliant: true, matches: [] });
    },
  );

  it('passes them in the browser too, where the server decides terms that need word boundaries', () => {
    expect(browser.review('红色情人节海报').compliant).toBe(true);
    expect(browser.review('暖色情调的客厅').compliant).toBe(true);
  });

  it.each([
    ['a listed word', '这张图片有色情内容', '色情'],
    ['a listed word inside a longer word', '儿童色情图片', '色情'],
    ['Chinese comma inside', '色，情图片', '色，情'],
    ['full stop inside', '傻。逼', '傻。逼'],
    ['a space inside', '色 情', '色 情'],
    ['a Latin letter inside', '傻x逼', '傻x逼'],
    ['an emoji inside', '色😀情网站', '色😀情'],
    ['zero-width characters inside', '色\u200B情', '色\u200B情'],
    ['full-width star inside', '傻＊逼', '傻＊逼'],
    ['Traditional characters', '這是強姦', '強姦'],
    ['a homophone', '草泥马', '草泥马'],
    ['every character apart, after a word', '程序 │性😀*😀交', '性😀*😀交'],
    ['each character apart', '人😀體😀炸😀彈', '人😀體😀炸😀彈'],
    ['Kangxi radical look-alike', '⾊情片', '⾊情'],
  ])('catches %s', (_, text, match) => {
    expect(server.review(text).matches).toContain(match);
  });

  it('catches the vulgar terms in the browser without a segmenter', () => {
    expect(browser.review('傻，逼').compliant).toBe(false);
    expect(browser.review('婊 子').compliant).toBe(false);
  });

  it('does not join terms across a long stretch of other text', () => {
    expect(server.review('色 and then some more 情').compliant).toBe(true);
  });
});
