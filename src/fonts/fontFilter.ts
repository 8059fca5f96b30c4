/**
 * The pure part of the font picker: which families a tab and a search show, in which order, and
 * where the arrow keys move. Kept apart from the component so node tests cover it.
 */
import { FONT_CATEGORIES, visibleFonts, type FontCatalogueEntry, type FontCategory } from '../../engine/fonts/catalogue';

export type PickerTab = 'all' | FontCategory;
export const PICKER_TABS: readonly PickerTab[] = ['all', ...FONT_CATEGORIES];

/** A short sample in the family's own script, shown next to CJK names (which are in Latin letters). */
export const SCRIPT_SAMPLES: Partial<Record<FontCategory, string>> = {
  japanese: 'あいう漢字',
  korean: '한글 글꼴',
  chinese: '中文字体',
};

const squash = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '');

/** Visible (not disabled) families of a tab whose name contains the query, ignoring case and spaces. */
export function filterFonts(tab: PickerTab, query: string, entries: readonly FontCatalogueEntry[] = visibleFonts()): FontCatalogueEntry[] {
  const needle = squash(query);
  return entries.filter(
    (entry) =>
      !entry.disable && (tab === 'all' || entry.category === tab) && (!needle || squash(entry.family).includes(needle) || squash(entry.slug).includes(needle)),
  );
}

/** How far PageUp / PageDown move in the list. */
const PAGE = 8;

/** The option index a key moves to, or null when the key does not move. */
export function movedIndex(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  const clamp = (i: number) => Math.max(0, Math.min(count - 1, i));
  switch (key) {
    case 'ArrowDown':
      return clamp(index + 1);
    case 'ArrowUp':
      return clamp(index - 1);
    case 'PageDown':
      return clamp(index + PAGE);
    case 'PageUp':
      return clamp(index - PAGE);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** The next tab for ArrowLeft / ArrowRight (wrapping), or null for any other key. */
export function movedTab(key: string, tab: PickerTab): PickerTab | null {
  const i = PICKER_TABS.indexOf(tab);
  if (key === 'ArrowRight') return PICKER_TABS[(i + 1) % PICKER_TABS.length];
  if (key === 'ArrowLeft') return PICKER_TABS[(i - 1 + PICKER_TABS.length) % PICKER_TABS.length];
  return null;
}
