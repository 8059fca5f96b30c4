import { describe, expect, it } from 'vitest';
import { FONT_CATALOGUE } from './catalogue';
import { CJK_FONTS, cjkFontFor, defaultFontForText } from './scriptFont';

describe('cjkFontFor', () => {
  it('picks the bundled font of each script', () => {
    expect(cjkFontFor('夏季大促销')).toBe('NotoSansSC');
    expect(cjkFontFor('這個設計很好看')).toBe('NotoSansTC');
    expect(cjkFontFor('夏のセール')).toBe('NotoSansJP');
    expect(cjkFontFor('여름 세일')).toBe('NotoSansKR');
  });

  it('follows the interface language when the characters fit every form', () => {
    expect(cjkFontFor('山水', 'zh-tw')).toBe('NotoSansTC');
    expect(cjkFontFor('山水', 'ja')).toBe('NotoSansJP');
    expect(cjkFontFor('山水', 'en')).toBe('NotoSansSC');
  });

  it('gives nothing for text without CJK characters', () => {
    expect(cjkFontFor('Summer sale')).toBeNull();
    expect(cjkFontFor('Привет')).toBeNull();
  });

  it('only names fonts the catalogue bundles', () => {
    const names = new Set(FONT_CATALOGUE.map((entry) => entry.fontName));
    for (const name of Object.values(CJK_FONTS)) expect(names.has(name)).toBe(true);
  });
});

describe('defaultFontForText', () => {
  it('replaces only the default system font', () => {
    expect(defaultFontForText('', '你好')).toBe('NotoSansSC');
    expect(defaultFontForText('Pacifico', '你好')).toBeNull();
    expect(defaultFontForText('', 'Hello')).toBeNull();
  });
});
