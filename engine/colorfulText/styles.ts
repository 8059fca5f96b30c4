/**
 * The shipped colourful text styles (SPEC §3, §6 pro items): one JSON file per style in ./styles/,
 * validated when this module loads so a broken file fails every test that touches styles.
 */
import type { ColorfulTextMaterial } from '../doc/types';
import { parseColorfulTextMaterial } from './schema';

const FILES = import.meta.glob<unknown>('./styles/*.json', { eager: true, import: 'default' });

/** The order of the style picker: the most useful looks first, pro styles mixed in. */
export const STYLE_ORDER = [
  'comic-pop',
  'neon-pink',
  'retro-3d',
  'candy',
  'gold-foil',
  'sticker-cutout',
  'fire',
  'ice',
  'double-stroke',
  'long-shadow',
  'vaporwave',
  'bubblegum',
  'pastel-dream',
  'sunset-script',
  'neon-blue',
  'glitch',
  'chrome',
  'street-tag',
  'chalkboard',
  'slime',
  'horror',
  'arcade',
  'cyber',
  'rose-gold-script',
  'summer-wave',
  'love-letter',
  'bungee-shade',
  'hollow',
  'kawaii',
  'party-time',
] as const;

function loadStyles(): ColorfulTextMaterial[] {
  const byId = new Map<string, ColorfulTextMaterial>();
  for (const [file, json] of Object.entries(FILES)) {
    const name = file.replace(/^.*\//, '');
    const style = parseColorfulTextMaterial(json, name);
    if (`${style.colorfulId}.json` !== name) throw new Error(`${name}: colorfulId "${style.colorfulId}" must match the file name`);
    byId.set(style.colorfulId, style);
  }
  const rank = (id: string) => {
    const i = (STYLE_ORDER as readonly string[]).indexOf(id);
    return i < 0 ? STYLE_ORDER.length : i;
  };
  // Styles missing from STYLE_ORDER still show, after the ordered ones (the test insists on listing them).
  return [...byId.values()].sort((a, b) => rank(a.colorfulId) - rank(b.colorfulId) || a.colorfulId.localeCompare(b.colorfulId));
}

/** Every shipped style, validated, in picker order. */
export const COLORFUL_TEXT_STYLES: readonly ColorfulTextMaterial[] = loadStyles();

const BY_ID = new Map(COLORFUL_TEXT_STYLES.map((s) => [s.colorfulId, s]));

/**
 * The shipped style with this id, or undefined.
 * @example getColorfulTextStyle('neon-pink')?.pro // false
 */
export function getColorfulTextStyle(id: string): ColorfulTextMaterial | undefined {
  return BY_ID.get(id);
}

/**
 * The fonts a style needs (its text items' fontFileName values, without duplicates or '').
 * @example styleFontFileNames(getColorfulTextStyle('comic-pop')!) // ['Bangers']
 */
export function styleFontFileNames(style: ColorfulTextMaterial): string[] {
  const names = style.items.flatMap((item) => (item.kind === 'text' && item.attributes.fontFileName ? [item.attributes.fontFileName] : []));
  return [...new Set(names)];
}
