/**
 * Builds the second held-out set of language detection (issue 13 item 4): translated interface strings of Debian
 * packages (GTK 3, GLib, gdk-pixbuf, shared-mime-info, libexif, gsettings-desktop-schemas, software-properties,
 * PackageKit; GNU gettext catalogues under /usr/share/locale, LGPL/GPL, written by their translators): the English
 * originals ("Zoom in", "Select a color", "Exposure time") and their translations into 12 languages, Indonesian and
 * Malay included, plus kanji-only Japanese translations ("保存", "画像").
 *
 * Kept apart from tuning: this set was built once, before the detector changes of this branch, from a source no
 * earlier rule was tuned on (the tuning set is CLDR emoji names, the first held-out set fortunes, emojilib and CLDR
 * keywords); while it was built only its counts per language were printed, and it is measured by the bench only,
 * never read by a rule or a test.
 *
 * Run: `node --import tsx bench/promptSafety/buildUiStringSet.ts` (the catalogues come with libgtk-3-common,
 * libglib2.0-data, shared-mime-info, libexif12, … which the system image has). Writes
 * server/src/language/promptSets/uiStrings.json, which is committed, so the bench needs none of them.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { clean, readMo, spread } from './catalogues';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const LOCALE_DIR = '/usr/share/locale';
const DOMAINS = [
  'gtk30',
  'gtk30-properties',
  'glib20',
  'gdk-pixbuf',
  'shared-mime-info',
  'libexif-12',
  'gsettings-desktop-schemas',
  'software-properties',
  'PackageKit',
];

/** Original → translation over all domains of one locale (the first domain that has the string wins). */
function catalogue(locale: string): Map<string, string> {
  const all = new Map<string, string>();
  for (const domain of DOMAINS) {
    const file = path.join(LOCALE_DIR, locale, 'LC_MESSAGES', `${domain}.mo`);
    if (!existsSync(file)) continue;
    for (const [original, translation] of readMo(file)) if (!all.has(original)) all.set(original, translation);
  }
  return all;
}

/** Translations of one locale usable as prompts, excluding untranslated ones (identical to the original). */
function translated(locale: string, keep: (text: string) => boolean = () => true): string[] {
  const out = new Set<string>();
  for (const [original, translation] of catalogue(locale)) {
    const text = translation && clean(translation);
    if (text && text.toLowerCase() !== clean(original)?.toLowerCase() && keep(text)) out.add(text);
  }
  return [...out].sort();
}

const englishAll = [
  ...new Set([...catalogue('de').keys()].map(clean).filter((t): t is string => t !== null && /^[\p{Script=Latin}\s'’,;!?()-]+$/u.test(t))),
].sort();
const englishShort = englishAll.filter((t) => t.split(' ').length <= 2);
const englishLong = englishAll.filter((t) => t.split(' ').length > 2);
type Labelled = [string, string];
const tag = (code: string, texts: string[]): Labelled[] => texts.map((text) => [code, text]);
const latin = (text: string) => /\p{Script=Latin}/u.test(text);
const set: Labelled[] = [
  ...tag('eng', spread(englishShort, 160)),
  ...tag('eng', spread(englishLong, 160)),
  ...(
    [
      ['es', 'spa'],
      ['pt_BR', 'por'],
      ['fr', 'fra'],
      ['it', 'ita'],
      ['de', 'deu'],
      ['nl', 'nld'],
      ['pl', 'pol'],
      ['tr', 'tur'],
      ['vi', 'vie'],
    ] as const
  ).flatMap(([locale, code]) => tag(code, spread(translated(locale, latin), 25))),
  ...tag('ind', spread(translated('id', latin), 50)),
  ...tag('msa', spread(translated('ms', latin), 50)),
  ...tag(
    'jpn',
    spread(
      translated('ja', (t) => /^[\p{Script=Han}\s]+$/u.test(t)),
      30,
    ),
  ),
];
const counts = new Map<string, number>();
for (const [code] of set) counts.set(code, (counts.get(code) ?? 0) + 1);
console.log(`uiStrings: ${set.length} prompts`, Object.fromEntries(counts));
writeFileSync(
  path.join(ROOT, 'server/src/language/promptSets/uiStrings.json'),
  `${JSON.stringify({ source: `Debian gettext catalogues (${DOMAINS.join(', ')}): English originals and translations`, heldOut: set }, null, 0).replace(/\],\[/g, '],\n[')}\n`,
);
