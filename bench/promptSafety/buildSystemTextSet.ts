/**
 * Builds the fifth held-out set of language detection (issue 13 item 4, round 5):
 * `server/src/language/promptSets/systemTexts.json`, from sources no rule of the detector was ever tuned on, all
 * already on a Debian system (nothing is downloaded; faker is not on this machine and was partly used by round 3):
 * - the one-line descriptions (NAME section) of manual pages, in English (/usr/share/man/man1, man5, man8) and in
 *   their translations (manpages-l10n and the packages' own: de, fr, es, it, nl, pl, pt, pt_BR, tr, id, ja, zh);
 * - gettext catalogues of packages no earlier set read (at-spi2-core, avahi, gstreamer, gst-plugins-base, appstream,
 *   polkit, systemd, xdg-user-dirs, coreutils, findutils, diffutils, gawk, tar, Linux-PAM, apt, dpkg, …): English
 *   originals of one to four and more words and their translations, Indonesian and Malay included, kanji-only
 *   Japanese and Chinese ones;
 * - iso-codes (Debian `iso-codes`, LGPL): currency names ("Thai baht", "Swiss franc": loanword prompts) and
 *   language names ("Swahili") in English, and their translations.
 * Every text already in an earlier set (CLDR tuning, fortunes/emojilib, UI strings, photo apps, map presets) is
 * left out, and so is a translation identical to its English original (an untranslated string).
 *
 * Kept apart from tuning: built and committed before any detector change of this round; while building only the
 * counts per language were printed. The bench measures it only with `--system-texts`, once, at the end.
 *
 * Known noise, seen at its one measurement (round 5; the set was not changed afterwards): some translated manual
 * pages keep the English NAME line ("delete a group" labelled Polish), iso-codes' English currency names include
 * foreign ones ("Unidad de Valor Real"), and the English side has codes ("stdout", "TXT Data") and language names
 * ("Kashubian", "Votic") that no word list has. A next builder should drop a NAME line equal to the English one.
 *
 * Run: `node --import tsx bench/promptSafety/buildSystemTextSet.ts` (reads /usr/share/man and /usr/share/locale).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { clean, readMo, spread, writeHeldOutSet } from './catalogues';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const MAN = '/usr/share/man';
const LOCALE_DIR = '/usr/share/locale';
/** Catalogues no earlier set read (uiStrings read gtk30, glib20, gdk-pixbuf, shared-mime-info, libexif, …). */
const DOMAINS = [
  'at-spi2-core',
  'avahi',
  'gstreamer-1.0',
  'gst-plugins-base-1.0',
  'appstream',
  'polkit-1',
  'systemd',
  'xdg-user-dirs',
  'coreutils',
  'findutils',
  'diffutils',
  'gawk',
  'tar',
  'Linux-PAM',
  'apt',
  'libapt-pkg6.0',
  'dpkg',
  'adduser',
  'man-db',
  'sed',
  'grep',
  'wget',
  'procps-ng',
  'psmisc',
  'shadow',
  'xkeyboard-config',
];
const ISO = ['iso_4217', 'iso_639-2', 'iso_639'];
/**
 * The Malay marker words of malayOrIndonesian.ts were taken from the Malay (and Indonesian) translations of these
 * catalogues (scripts/listMalayMarkers.ts): Malay and Indonesian prompts come from other ones only. Malay has few
 * others on a Debian system: GTK 2 (its strings that GTK 3 changed; identical texts are dropped below) and
 * iso-codes' country names.
 */
const MARKER_DOMAINS = new Set([
  'coreutils',
  'findutils',
  'gawk',
  'tar',
  'diffutils',
  'Linux-PAM',
  'avahi',
  'gnutls30',
  'wget-gnulib',
  'man-db-gnulib',
  'at-spi2-core',
  'gprof',
]);
const MALAY_DOMAINS = [...DOMAINS, 'gtk20', 'gtk20-properties', ...ISO, 'iso_3166'].filter((d) => !MARKER_DOMAINS.has(d));

/** Texts of the earlier sets, lower case: none of them may come back here. */
const seen = new Set<string>();
const sets = path.join(ROOT, 'server/src/language/promptSets');
const earlier = JSON.parse(readFileSync(path.join(sets, 'languages.json'), 'utf8')) as Record<string, Array<[string, string]>>;
const heldOut = (file: string) => (JSON.parse(readFileSync(path.join(sets, file), 'utf8')) as { heldOut: Array<[string, string]> }).heldOut;
for (const set of [earlier.tuning, earlier.heldOut, heldOut('uiStrings.json'), heldOut('photoApps.json'), heldOut('mapPresets.json')]) {
  for (const [, text] of set) seen.add(text.toLowerCase());
}
const fresh = (texts: Iterable<string | null | undefined>) =>
  // Leading punctuation of message fragments ("-- verbose", ", done") goes first.
  [
    ...new Set(
      [...texts]
        .filter((t): t is string => typeof t === 'string')
        .map((t) => clean(t.replace(/^[\s\p{P}\p{S}]+/u, '')))
        .filter((t): t is string => t !== null),
    ),
  ]
    .filter((t) => !seen.has(t.toLowerCase()))
    .sort();

const wordCount = (text: string) => text.split(' ').length;
const latin = (text: string) =>
  /\p{Script=Latin}/u.test(text) && !/[\p{Script=Han}\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text);
const hanOnly = (text: string) => /^[\p{Script=Han}\s]+$/u.test(text);
const englishOnly = (text: string) => /^[A-Za-z\s'’,-]+$/u.test(text);

/** The description of a manual page's NAME line ("ls \- list directory contents" → "list directory contents"). */
function manDescription(file: string): string | null {
  let text: string;
  try {
    text = gunzipSync(readFileSync(file)).toString('utf8');
  } catch {
    return null;
  }
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /^\.S[Hh]\s/u.test(l));
  if (start < 0) return null;
  for (const line of lines.slice(start + 1, start + 6)) {
    const m = /\\-\s*(.+)$/u.exec(line) ?? /\s[-–—]\s+(.+)$/u.exec(line);
    if (m)
      return m[1]
        .replace(/\\f[BIRP]|\\\(em|\\&|\\[|^]/gu, '')
        .replace(/\\-/gu, '-')
        .trim();
  }
  return null;
}
/** NAME-line descriptions of the manual pages of one language folder ('' for English). */
function manDescriptions(locale: string): string[] {
  const base = path.join(MAN, locale);
  const out: string[] = [];
  for (const section of ['man1', 'man5', 'man8']) {
    const dir = path.join(base, section);
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).sort()) if (file.endsWith('.gz')) out.push(manDescription(path.join(dir, file)) ?? '');
  }
  return out;
}

/** Original → translation over the given domains of one locale (the first domain that has the string wins). */
function catalogue(locale: string, domains: readonly string[]): Map<string, string> {
  const all = new Map<string, string>();
  for (const domain of domains) {
    const file = path.join(LOCALE_DIR, locale, 'LC_MESSAGES', `${domain}.mo`);
    if (!existsSync(file)) continue;
    for (const [original, translation] of readMo(file)) if (!all.has(original)) all.set(original, translation);
  }
  return all;
}
/** Translations of one locale usable as prompts, excluding untranslated ones (identical to the original). */
function translated(locale: string, domains: readonly string[], keep: (text: string) => boolean): string[] {
  const out: string[] = [];
  for (const [original, translation] of catalogue(locale, domains)) {
    const text = translation && clean(translation);
    if (text && keep(text) && text.toLowerCase() !== clean(original)?.toLowerCase()) out.push(text);
  }
  return fresh(out);
}

// English: catalogue originals by length, manual-page descriptions, currency and language names.
const englishMessages = fresh([...catalogue('de', DOMAINS).keys()]).filter(englishOnly);
const englishMan = fresh(manDescriptions('')).filter(englishOnly);
const currencies = fresh([...catalogue('de', ['iso_4217']).keys()]).filter(englishOnly);
const languageNames = fresh([...catalogue('de', ['iso_639-2']).keys()]).filter((t) => englishOnly(t) && wordCount(t) === 1);

type Labelled = [string, string];
const tag = (code: string, texts: string[]): Labelled[] => texts.map((text) => [code, text]);
/** Foreign prompts of one language: half catalogue translations, half manual-page descriptions where it has some. */
function foreign(locale: string, manLocales: readonly string[], count: number, keep: (text: string) => boolean, domains = [...DOMAINS, ...ISO]): string[] {
  const man = fresh(manLocales.flatMap(manDescriptions)).filter(keep);
  const fromMan = spread(man, Math.min(man.length, Math.floor(count / 2)));
  const messages = translated(locale, domains, keep).filter((t) => !fromMan.includes(t));
  return [...fromMan, ...spread(messages, count - fromMan.length)];
}
const set: Labelled[] = [
  ...tag(
    'eng',
    spread(
      englishMessages.filter((t) => wordCount(t) === 1),
      45,
    ),
  ),
  ...tag(
    'eng',
    spread(
      englishMessages.filter((t) => wordCount(t) === 2),
      45,
    ),
  ),
  ...tag(
    'eng',
    spread(
      englishMessages.filter((t) => wordCount(t) === 3),
      35,
    ),
  ),
  ...tag(
    'eng',
    spread(
      englishMessages.filter((t) => wordCount(t) > 3),
      25,
    ),
  ),
  ...tag(
    'eng',
    spread(
      englishMan.filter((t) => wordCount(t) <= 3),
      25,
    ),
  ),
  ...tag(
    'eng',
    spread(
      englishMan.filter((t) => wordCount(t) > 3),
      35,
    ),
  ),
  ...tag('eng', spread(currencies, 30)),
  ...tag('eng', spread(languageNames, 20)),
  ...(
    [
      ['es', ['es'], 'spa'],
      ['pt_BR', ['pt_BR', 'pt'], 'por'],
      ['fr', ['fr'], 'fra'],
      ['it', ['it'], 'ita'],
      ['de', ['de'], 'deu'],
      ['nl', ['nl'], 'nld'],
      ['pl', ['pl'], 'pol'],
      ['tr', ['tr'], 'tur'],
      ['vi', [], 'vie'],
    ] as const
  ).flatMap(([locale, man, code]) => tag(code, foreign(locale, man, 24, latin))),
  ...tag('ind', foreign('id', ['id'], 40, latin, MALAY_DOMAINS)),
  ...tag('msa', foreign('ms', [], 40, latin, MALAY_DOMAINS)),
  ...tag('jpn', foreign('ja', ['ja'], 40, hanOnly)),
  ...tag('zho', [...foreign('zh_CN', ['zh_CN'], 20, hanOnly), ...foreign('zh_TW', ['zh_TW'], 10, hanOnly)]),
];
writeHeldOutSet(
  path.join(sets, 'systemTexts.json'),
  `Debian manual-page NAME lines (en and translations); gettext catalogues (${DOMAINS.join(', ')}); iso-codes (${ISO.join(', ')})`,
  set,
  wordCount,
);
