import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../locales/sections/colorfulText/en.json';
import { getSticker } from '../resources/stickers';
import { fontEntry, isPremiumFont } from '../fonts/catalogue';
import { parseColorfulTextMaterial } from './schema';
import { COLORFUL_TEXT_STYLES, STYLE_ORDER, getColorfulTextStyle, styleFontFileNames } from './styles';

const dir = path.join(import.meta.dirname, 'styles');
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

describe('shipped colourful text styles', () => {
  it('ship at least 24 styles, every file valid, ids unique and equal to the file name', () => {
    expect(files.length).toBeGreaterThanOrEqual(24);
    for (const file of files) {
      const style = parseColorfulTextMaterial(JSON.parse(readFileSync(path.join(dir, file), 'utf8')), file);
      expect(`${style.colorfulId}.json`).toBe(file);
    }
    const ids = COLORFUL_TEXT_STYLES.map((s) => s.colorfulId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(files.length);
  });

  it('lists every style in STYLE_ORDER exactly once, and keeps that order', () => {
    expect([...STYLE_ORDER].sort()).toEqual(COLORFUL_TEXT_STYLES.map((s) => s.colorfulId).sort());
    expect(COLORFUL_TEXT_STYLES.map((s) => s.colorfulId)).toEqual([...STYLE_ORDER]);
  });

  it('marks a few styles pro, including every style on a premium font', () => {
    const pro = COLORFUL_TEXT_STYLES.filter((s) => s.pro);
    expect(pro.length).toBeGreaterThanOrEqual(4);
    expect(pro.length).toBeLessThanOrEqual(COLORFUL_TEXT_STYLES.length / 3);
    for (const style of COLORFUL_TEXT_STYLES) {
      if (styleFontFileNames(style).some(isPremiumFont)) expect(style.pro, style.colorfulId).toBe(true);
    }
  });

  it('uses only visible catalogue fonts and catalogue stickers, and has user-replaceable text', () => {
    for (const style of COLORFUL_TEXT_STYLES) {
      for (const font of styleFontFileNames(style)) expect(fontEntry(font)?.disable, `${style.colorfulId}: ${font}`).toBe(false);
      for (const item of style.items) if (item.kind === 'sticker') expect(getSticker(item.resName), item.resName).toBeDefined();
      expect(
        style.items.some((i) => i.kind === 'text' && i.isDefTextContent),
        style.colorfulId,
      ).toBe(true);
    }
  });

  it('are distinct looks, not copies of each other', () => {
    const looks = COLORFUL_TEXT_STYLES.map(({ colorfulId: _id, name: _name, ...rest }) =>
      JSON.stringify(rest.items.map((i) => (i.kind === 'text' ? { ...i, text: '' } : i))),
    );
    expect(new Set(looks).size).toBe(looks.length);
  });

  it('has an English name for every style', () => {
    for (const style of COLORFUL_TEXT_STYLES) expect((en.styles as Record<string, string>)[style.colorfulId], style.colorfulId).toEqual(expect.any(String));
  });

  it('finds a style by id', () => {
    expect(getColorfulTextStyle('neon-pink')?.items[0]).toMatchObject({ kind: 'text', attributes: { fontFileName: 'Righteous' } });
    expect(getColorfulTextStyle('gold-foil')?.pro).toBe(true);
    expect(getColorfulTextStyle('nope')).toBeUndefined();
  });
});
