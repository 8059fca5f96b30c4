import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FONT_CATALOGUE, PREMIUM_FONT_NAMES, SYSTEM_FONT, fontEntry, fontIdFromFileName, fontStyleFor, isPremiumFont, visibleFonts } from './catalogue';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
const installed = Object.keys(pkg.dependencies)
  .filter((name) => name.startsWith('@fontsource/'))
  .map((name) => name.slice('@fontsource/'.length));

describe('font catalogue', () => {
  it('has exactly one entry per @fontsource dependency, with unique SPEC-style names', () => {
    expect(FONT_CATALOGUE.map((e) => e.slug).sort()).toEqual([...installed].sort());
    expect(new Set(FONT_CATALOGUE.map((e) => e.fontName)).size).toBe(FONT_CATALOGUE.length);
    for (const entry of FONT_CATALOGUE) expect(entry.fontName).toBe(entry.family.replace(/\s+/g, ''));
    expect(fontEntry('GrapeNuts')).toMatchObject({ family: 'Grape Nuts', slug: 'grape-nuts' });
  });

  it('marks exactly the 14 SPEC fonts as premium', () => {
    expect(
      FONT_CATALOGUE.filter((e) => e.unlockType === 1)
        .map((e) => e.fontName)
        .sort(),
    ).toEqual([...PREMIUM_FONT_NAMES].sort());
    expect(PREMIUM_FONT_NAMES).toHaveLength(14);
    expect(isPremiumFont('Pacifico')).toBe(true);
    expect(isPremiumFont('Lobster')).toBe(false);
    expect(isPremiumFont('')).toBe(false);
  });

  it('hides the traditional-style Chinese fonts and nothing outside Chinese', () => {
    const disabled = FONT_CATALOGUE.filter((e) => e.disable);
    expect(disabled.map((e) => e.slug)).toEqual(expect.arrayContaining(['noto-sans-tc', 'noto-serif-tc', 'noto-sans-hk', 'lxgw-wenkai-tc']));
    expect(disabled).toHaveLength(6);
    expect(disabled.every((e) => e.category === 'chinese')).toBe(true);
    expect(visibleFonts()).toHaveLength(FONT_CATALOGUE.length - 6);
    expect(visibleFonts().some((e) => e.slug === 'noto-sans-tc')).toBe(false);
  });

  it('files CJK families under their script', () => {
    expect(fontEntry('NotoSansJP')?.category).toBe('japanese');
    expect(fontEntry('NanumPenScript')?.category).toBe('korean');
    expect(fontEntry('MaShanZheng')?.category).toBe('chinese');
    expect(fontEntry('Pacifico')?.category).toBe('handwriting');
    expect(fontEntry('Inter')?.category).toBe('latin');
  });

  it('the system font is the generic stack with an empty name', () => {
    expect(SYSTEM_FONT.fontName).toBe('');
    expect(SYSTEM_FONT.family).toMatch(/sans-serif$/);
    expect(fontEntry('')).toBeUndefined();
  });
});

describe('fontIdFromFileName', () => {
  it('maps known file names, dots and case aside', () => {
    expect(fontIdFromFileName('Pacifico.ttf')).toBe('Pacifico');
    expect(fontIdFromFileName('fonts/GrapeNuts.otf')).toBe('GrapeNuts');
    expect(fontIdFromFileName('Grape Nuts.woff2')).toBe('GrapeNuts');
    expect(fontIdFromFileName('grape-nuts.woff2')).toBe('GrapeNuts');
  });

  it('maps bundled subset files to their family, the longest slug winning', () => {
    expect(fontIdFromFileName('noto-sans-jp-latin-400-normal.woff2')).toBe('NotoSansJP');
    expect(fontIdFromFileName('noto-sans-jp-12-400-normal.woff2')).toBe('NotoSansJP');
    expect(fontIdFromFileName('noto-sans-latin-400-normal.woff2')).toBe('NotoSans');
    expect(fontIdFromFileName('sunflower-latin-500-normal.woff2')).toBe('Sunflower');
  });

  it('gives null for unknown names', () => {
    expect(fontIdFromFileName('Comic Sans.ttf')).toBeNull();
    expect(fontIdFromFileName('pacifico-readme.txt')).toBeNull();
  });
});

describe('fontStyleFor (SPEC §9 rounded Bold rule)', () => {
  it('gives bold to a rounded font whose name ends Bold, normal otherwise', () => {
    expect(fontStyleFor('MPLUSRounded1cBold')).toBe('bold');
    expect(fontStyleFor('VarelaRoundBold')).toBe('bold');
    expect(fontStyleFor('VarelaRound')).toBe('normal');
    expect(fontStyleFor('MontserratBold')).toBe('normal');
    expect(fontStyleFor('')).toBe('normal');
  });
});
