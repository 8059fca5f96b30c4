/**
 * The font catalogue (SPEC §3 "Font catalogue entry"): every bundled @fontsource family with its
 * catalogue name, picker category and pro/disabled flags. The data lives in catalogue.json so that
 * scripts/build-font-manifest.mjs (plain Node, no TypeScript) reads the very same list; the file
 * details (subset files, unicode ranges, metrics) are generated from the installed packages into
 * generated/fonts/manifest.json.
 *
 * Disabled (hidden) families: the traditional-script Chinese ones (Noto Sans TC, Noto Serif TC,
 * Noto Sans HK, LXGW WenKai TC) and two traditional brush-calligraphy Chinese ones that are hard to
 * read at editing sizes (Liu Jian Mao Cao, Zhi Mang Xing). They stay loadable, so an existing
 * document that names one still renders.
 */
import raw from './catalogue.json';

export const FONT_CATEGORIES = ['latin', 'display', 'handwriting', 'japanese', 'korean', 'chinese'] as const;
export type FontCategory = (typeof FONT_CATEGORIES)[number];

/** One catalogue family. */
export interface FontCatalogueEntry {
  /** The @fontsource package name without the scope, e.g. "grape-nuts". */
  slug: string;
  /** SPEC fontName: the family name without spaces, e.g. "GrapeNuts". */
  fontName: string;
  /** The family name people read, e.g. "Grape Nuts". */
  family: string;
  category: FontCategory;
  /** 0 free, 1 restricted/premium (pro). */
  unlockType: 0 | 1;
  /** true hides the font from the picker. */
  disable: boolean;
}

/** The generic sans-serif stack used for the default system font and as every family's fallback. */
export const SYSTEM_FONT_STACK = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** The default system font (SPEC §4): fontName '' is never downloaded. */
export const SYSTEM_FONT = { fontName: '', family: SYSTEM_FONT_STACK } as const;

/** The 14 unlockType 1 fonts named in SPEC §3. */
export const PREMIUM_FONT_NAMES: readonly string[] = [
  'Pacifico',
  'GrapeNuts',
  'MarckScript',
  'Whisper',
  'ComforterBrush',
  'MadimiOne',
  'Iceland',
  'BubblegumSans',
  'PoetsenOne',
  'Silkscreen',
  'AkayaTelivigala',
  'Tillana',
  'Jersey25',
  'UncialAntiqua',
];

function checked(entries: unknown): FontCatalogueEntry[] {
  if (!Array.isArray(entries)) throw new Error('catalogue.json must be an array');
  return entries.map((entry: FontCatalogueEntry) => {
    if (!(FONT_CATEGORIES as readonly string[]).includes(entry.category)) {
      throw new Error(`catalogue.json: ${entry.slug} has unknown category ${entry.category}`);
    }
    return Object.freeze({ ...entry });
  });
}

/** Every catalogue family, disabled ones included, in catalogue order. */
export const FONT_CATALOGUE: readonly FontCatalogueEntry[] = Object.freeze(checked(raw));

const BY_NAME = new Map(FONT_CATALOGUE.map((entry) => [entry.fontName, entry]));

/** The catalogue entry of a font name, or undefined (also for the system font ''). */
export function fontEntry(fontName: string): FontCatalogueEntry | undefined {
  return BY_NAME.get(fontName);
}

/** Whether using this font needs pro (SPEC §6: fonts with unlockType 1). */
export function isPremiumFont(fontName: string): boolean {
  return BY_NAME.get(fontName)?.unlockType === 1;
}

/** The families the picker offers: disabled ones are hidden. */
export function visibleFonts(): FontCatalogueEntry[] {
  return FONT_CATALOGUE.filter((entry) => !entry.disable);
}

/** The key a file name has in the known file-name list: dots replaced by underscores (SPEC §3). */
export function fileNameKey(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  return base.replace(/\./g, '_').toLowerCase();
}

const FONT_EXTENSIONS = ['ttf', 'otf', 'woff', 'woff2'];

/** Known file names → font names: "<fontName|family|slug>.<ext>" for every catalogue family. */
const KNOWN_FILE_NAMES: ReadonlyMap<string, string> = (() => {
  const known = new Map<string, string>();
  for (const entry of FONT_CATALOGUE) {
    for (const stem of [entry.fontName, entry.family, entry.slug]) {
      for (const ext of FONT_EXTENSIONS) known.set(fileNameKey(`${stem}.${ext}`), entry.fontName);
    }
  }
  return known;
})();

// Longest slugs first, so "noto-sans-jp" wins over "noto-sans" for "noto-sans-jp-latin-400-normal.woff2".
const SLUGS_LONGEST_FIRST = [...FONT_CATALOGUE].sort((a, b) => b.slug.length - a.slug.length);

/**
 * The font name for a font file name (SPEC §3 "a known list maps file names to font names, with
 * dots replaced by underscores"): "Pacifico.ttf", "Grape Nuts.otf" and the bundled file
 * "grape-nuts-latin-400-normal.woff2" all give their catalogue fontName. Unknown names give null.
 */
export function fontIdFromFileName(fileName: string): string | null {
  const key = fileNameKey(fileName);
  const known = KNOWN_FILE_NAMES.get(key);
  if (known) return known;
  // A bundled subset file: "<slug>-<subset>-<weight>-<style>_woff2".
  const match = SLUGS_LONGEST_FIRST.find((entry) => key.startsWith(`${entry.slug}-`) && /-\d{3}-(normal|italic)_woff2?$/.test(key));
  return match ? match.fontName : null;
}

/**
 * The font style for a font name (SPEC §9 "a rounded font whose name ends Bold gets bold style"):
 * 'bold' for names like "MPLUSRounded1cBold", 'normal' otherwise.
 */
export function fontStyleFor(fontName: string): 'bold' | 'normal' {
  return /round/i.test(fontName) && fontName.endsWith('Bold') ? 'bold' : 'normal';
}
