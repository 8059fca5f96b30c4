import { describe, expect, it } from 'vitest';
import { buildPhraseMatcher } from './phraseMatcher';

const found = (phrases: string[], text: string) =>
  buildPhraseMatcher(phrases)(text)
    .map(({ start, end, phrase }) => `${phrase}@${start}-${end}`)
    .sort();

describe('buildPhraseMatcher (Aho-Corasick)', () => {
  it('finds every occurrence of every phrase, with positions', () => {
    expect(found(['傻逼', '色情'], '傻逼看色情，又一个傻逼')).toEqual(['傻逼@0-2', '傻逼@9-11', '色情@3-5'].sort());
  });

  it('finds a phrase that sits inside the path of a longer one (mint-filter@4.0.3 misses this)', () => {
    expect(found(['大傻逼x', '傻逼'], '你是大傻逼')).toEqual(['傻逼@3-5']);
    expect(found(['abcd', 'bc'], 'abce')).toEqual(['bc@1-3']);
  });

  it('reports overlapping and nested phrases separately', () => {
    expect(found(['他妈的', '妈的', '他妈'], '他妈的')).toEqual(['他妈@0-2', '他妈的@0-3', '妈的@1-3']);
    expect(found(['aa'], 'aaaa')).toEqual(['aa@0-2', 'aa@1-3', 'aa@2-4']);
  });

  it('follows fail links after a partial match', () => {
    expect(found(['abab', 'bac'], 'ababac')).toEqual(['abab@0-4', 'bac@3-6']);
  });

  it('finds nothing in the empty text or with no phrases, and ignores empty phrases', () => {
    expect(found(['傻逼'], '')).toEqual([]);
    expect(found([], '傻逼')).toEqual([]);
    expect(found([''], 'abc')).toEqual([]);
  });

  it('works on UTF-16 units, so phrases outside the BMP match too', () => {
    expect(found(['𠮷野'], 'x𠮷野家')).toEqual(['𠮷野@1-4']);
  });
});
