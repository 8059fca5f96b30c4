import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeWordLists } from './wordLists';

describe('normalizeWordLists', () => {
  it('drops single Han characters and other junk from the Chinese lists, and says why', () => {
    const { lists, rejected } = normalizeWordLists({ zh: ['逼', '性', '傻逼', ' 色情 ', '', 'p', 'a傻'], 'zh-tw': ['爱', '婊子'] });
    expect(lists.zh).toEqual(['傻逼', '色情']);
    expect(lists['zh-tw']).toEqual(['婊子']);
    expect(rejected).toEqual([
      'zh: 逼 (fewer than 2 Han characters)',
      'zh: 性 (fewer than 2 Han characters)',
      'zh: p (fewer than 2 Han characters)',
      'zh: a傻 (fewer than 2 Han characters)',
      'zh-tw: 爱 (fewer than 2 Han characters)',
    ]);
  });

  it('trims, removes repeats case-insensitively, drops one-letter English entries, fills missing keys', () => {
    const { lists } = normalizeWordLists({ en: ['Fuck', 'fuck ', 'x', '  '], allow: ['逼真', '逼真'] });
    expect(lists).toEqual({ en: ['Fuck'], zh: [], 'zh-tw': [], allow: ['逼真'] });
  });

  it('refuses what is not a word-list object, unknown keys and non-string entries', () => {
    expect(() => normalizeWordLists(null)).toThrow(TypeError);
    expect(() => normalizeWordLists(['fuck'])).toThrow(TypeError);
    expect(() => normalizeWordLists({ zh_tw: ['婊子'] })).toThrow(/unknown .*zh_tw/);
    expect(() => normalizeWordLists({ en: 'fuck' })).toThrow(/"en" must be an array of strings/);
    expect(() => normalizeWordLists({ zh: ['傻逼', 3] })).toThrow(/"zh"/);
  });

  it('accepts the project list as it is: no junk entry, and the allow-list guards 逼真, 性感 and 操场', () => {
    const file = JSON.parse(readFileSync(new URL('../../server/config/sensitive-words.json', import.meta.url), 'utf8'));
    const { lists, rejected } = normalizeWordLists(file);
    expect(rejected).toEqual([]);
    expect(lists.en.length).toBeGreaterThanOrEqual(24);
    expect(lists.zh.length).toBeGreaterThanOrEqual(10);
    expect(lists['zh-tw'].length).toBeGreaterThanOrEqual(10);
    expect(lists.allow).toEqual(expect.arrayContaining(['逼真', '性感', '操场', '操場']));
  });
});
