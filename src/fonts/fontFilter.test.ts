import { describe, expect, it } from 'vitest';
import { visibleFonts } from '../../engine/fonts/catalogue';
import { PICKER_TABS, filterFonts, movedIndex, movedTab } from './fontFilter';

const names = (list: Array<{ fontName: string }>) => list.map((e) => e.fontName);

describe('filterFonts', () => {
  it('shows every visible family on the All tab and never a disabled one', () => {
    expect(filterFonts('all', '')).toHaveLength(visibleFonts().length);
    expect(names(filterFonts('all', ''))).not.toContain('NotoSansTC');
    expect(names(filterFonts('chinese', ''))).not.toContain('LXGWWenKaiTC');
  });

  it('limits a tab to its category', () => {
    const japanese = filterFonts('japanese', '');
    expect(japanese.length).toBeGreaterThan(5);
    expect(japanese.every((e) => e.category === 'japanese')).toBe(true);
    expect(names(filterFonts('handwriting', ''))).toContain('Pacifico');
    expect(names(filterFonts('latin', ''))).not.toContain('Pacifico');
  });

  it('matches the name ignoring case, spaces and dashes', () => {
    expect(names(filterFonts('all', 'grape nuts'))).toEqual(['GrapeNuts']);
    expect(names(filterFonts('all', 'GRAPENUTS'))).toEqual(['GrapeNuts']);
    expect(names(filterFonts('all', 'noto sans j'))).toEqual(['NotoSansJP']);
    expect(filterFonts('korean', 'pacifico')).toEqual([]);
  });
});

describe('keyboard moves', () => {
  it('moves within the list and stops at the ends', () => {
    expect(movedIndex('ArrowDown', 0, 3)).toBe(1);
    expect(movedIndex('ArrowDown', 2, 3)).toBe(2);
    expect(movedIndex('ArrowUp', 0, 3)).toBe(0);
    expect(movedIndex('End', 0, 30)).toBe(29);
    expect(movedIndex('Home', 20, 30)).toBe(0);
    expect(movedIndex('PageDown', 25, 30)).toBe(29);
    expect(movedIndex('a', 1, 3)).toBeNull();
    expect(movedIndex('ArrowDown', 0, 0)).toBeNull();
  });

  it('cycles the category tabs with the side arrows', () => {
    expect(PICKER_TABS).toEqual(['all', 'latin', 'display', 'handwriting', 'japanese', 'korean', 'chinese']);
    expect(movedTab('ArrowRight', 'all')).toBe('latin');
    expect(movedTab('ArrowLeft', 'all')).toBe('chinese');
    expect(movedTab('ArrowRight', 'chinese')).toBe('all');
    expect(movedTab('Enter', 'all')).toBeNull();
  });
});
