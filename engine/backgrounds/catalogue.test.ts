import { describe, expect, it } from 'vitest';
import { isValidColor } from '../doc/color';
import en from '../../locales/sections/changebg/en.json';
import { AI_BACKGROUND_SCENES, BACKGROUND_CATEGORIES, BACKGROUNDS, backgroundById, USED_CATEGORIES } from './catalogue';
import { backgroundSvg } from './svg';

/** Every string in a parameter tree that looks like a colour. */
function colours(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string' && value.startsWith('#')) out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => colours(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => colours(v, out));
  return out;
}

const lookup = (key: string): unknown =>
  key
    .split('.')
    .slice(1)
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);

describe('background library catalogue', () => {
  it('has at least 40 backgrounds with unique kebab-case ids', () => {
    expect(BACKGROUNDS.length).toBeGreaterThanOrEqual(40);
    const ids = BACKGROUNDS.map((bg) => bg.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('fills every category with several backgrounds', () => {
    expect(USED_CATEGORIES).toEqual(BACKGROUND_CATEGORIES);
    for (const category of BACKGROUND_CATEGORIES) expect(BACKGROUNDS.filter((bg) => bg.category === category).length, category).toBeGreaterThanOrEqual(5);
  });

  it('uses only valid #RRGGBB / #RRGGBBAA colours', () => {
    for (const bg of BACKGROUNDS) {
      for (const colour of colours([bg.params, bg.finish])) expect(isValidColor(colour), `${bg.id}: ${colour}`).toBe(true);
    }
  });

  it('names every background and category in the English locale', () => {
    for (const bg of BACKGROUNDS) expect(typeof lookup(bg.nameKey), bg.nameKey).toBe('string');
    for (const category of BACKGROUND_CATEGORIES) expect(typeof lookup(`changebg.categories.${category}`), category).toBe('string');
  });

  it('offers only existing backgrounds as AI background scenes', () => {
    for (const id of AI_BACKGROUND_SCENES) expect(backgroundById(id), id).toBeDefined();
    expect(backgroundById('no-such-background')).toBeUndefined();
  });

  it('draws each background as a deterministic SVG of the requested size', () => {
    for (const bg of BACKGROUNDS) {
      const svg = backgroundSvg(bg, 300, 200);
      expect(svg, bg.id).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="300" height="200" viewBox="0 0 300 200">/);
      expect(svg).not.toMatch(/NaN|undefined|Infinity/);
      expect(backgroundSvg(bg, 300, 200)).toBe(svg);
    }
  });
});
