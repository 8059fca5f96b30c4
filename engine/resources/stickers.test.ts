import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../locales/sections/stickers/en.json';
import { STICKER_CATEGORIES, STICKERS, getSticker, stickerByFile, stickerUrl } from './stickers';

const twemojiDir = path.dirname(createRequire(import.meta.url).resolve('@twemoji/svg/package.json'));
const lookup = (key: string) =>
  key
    .split('.')
    .slice(1)
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en);

describe('sticker catalogue', () => {
  it('offers at least 72 stickers, each an existing Twemoji SVG', () => {
    expect(STICKERS.length).toBeGreaterThanOrEqual(72);
    for (const sticker of STICKERS) {
      const file = path.join(twemojiDir, sticker.file);
      expect(existsSync(file), sticker.file).toBe(true);
      expect(readFileSync(file, 'utf8')).toMatch(/^<svg[\s>]/);
    }
  });

  it('has unique ids and files, named after the file', () => {
    expect(new Set(STICKERS.map((s) => s.resId)).size).toBe(STICKERS.length);
    expect(new Set(STICKERS.map((s) => s.file)).size).toBe(STICKERS.length);
    for (const s of STICKERS) expect(s.resId).toBe(`twemoji-${s.file.replace(/\.svg$/, '')}`);
  });

  it('fills every category and marks about a quarter as pro', () => {
    for (const category of STICKER_CATEGORIES) {
      expect(STICKERS.filter((s) => s.category === category).length, category).toBeGreaterThanOrEqual(8);
      expect(lookup(`stickers.categories.${category}`), category).toEqual(expect.any(String));
    }
    const pro = STICKERS.filter((s) => s.resNeedPro).length / STICKERS.length;
    expect(pro).toBeGreaterThan(0.2);
    expect(pro).toBeLessThan(0.3);
    expect(STICKERS.every((s) => s.resType === 'sticker')).toBe(true);
  });

  it('gives every sticker an English name', () => {
    for (const s of STICKERS) expect(lookup(s.labelKey), s.labelKey).toEqual(expect.any(String));
  });

  it('looks stickers up by id and by file, and nothing else', () => {
    expect(getSticker('twemoji-1f600')?.file).toBe('1f600.svg');
    expect(stickerByFile('2764.svg')?.resId).toBe('twemoji-2764');
    expect(stickerByFile('../package.json')).toBeUndefined();
    expect(getSticker('1f600')).toBeUndefined();
    expect(stickerUrl(getSticker('twemoji-2b50')!)).toBe('/stickers/2b50.svg');
  });
});
