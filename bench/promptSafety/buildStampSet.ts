/**
 * Builds the sixth held-out set of language detection (issue 13, round 6):
 * `server/src/language/promptSets/stampTexts.json`, from sources no language set and no rule of the detector ever
 * read (the cut-out bench used Tux Paint's stamp *images* only, never their text):
 * - the picture descriptions of Tux Paint's stamps (Debian `tuxpaint-stamps-default`, GPL-2): one `.txt` beside
 *   each stamp, its first line English ("A red apple."), then one line per translation (`fr.utf8=…`); short
 *   natural descriptions of pictures, one to ten words, the food stamps' full of loanwords;
 * - Tux Paint's own interface catalogue (`tuxpaint.mo` of Debian `tuxpaint-data`, GPL-2): tool, brush, colour and
 *   magic-effect names ("Rainbow", "Sky blue") and short instructions, in English and translated;
 * - GIMP's catalogues (`gimp20*.mo` of Debian `gimp-data`, GPL-3): kanji-only Japanese and Chinese interface
 *   strings, which the stamps lack (their Japanese descriptions all have kana).
 * English about 40 % (stamps by length 1/2/3/4+ words, food stamps, interface strings), then es pt fr it de nl pl
 * tr vi, id and ms, kanji-only ja and zh (Simplified and Traditional, to check that Chinese stays Chinese).
 * Every text already in an earlier set is left out, and so is a translation identical to its English source.
 *
 * Kept apart from tuning: built and committed before any detector change of round 6; while building only the counts
 * per language are printed (a handful of raw stamp files were read to learn the format, no prompt list). The bench
 * measures it only with `--stamps`, once, after the last rule change of the round.
 *
 * Run: `node --import tsx bench/promptSafety/buildStampSet.ts` (fetches the three .debs with `apt-get download`
 * into a temporary folder on first use, ~190 MB; a rebuild from the same package versions is byte-identical).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clean, readMo, spread, writeHeldOutSet } from './catalogues';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const CACHE = path.join(os.tmpdir(), 'photo-studio-lang-sources-6');
const DEBS = ['tuxpaint-stamps-default', 'tuxpaint-data', 'gimp-data'];
const GIMP_DOMAINS = ['gimp20', 'gimp20-std-plug-ins', 'gimp20-script-fu', 'gimp20-python'];

/** Downloads and unpacks the three packages once; returns the unpacked root and the packages' versions. */
function ensureSources(): { root: string; versions: string[] } {
  const root = path.join(CACHE, 'root');
  const debs = path.join(CACHE, 'debs');
  if (!existsSync(root)) {
    mkdirSync(debs, { recursive: true });
    execFileSync('apt-get', ['download', ...DEBS], { cwd: debs, stdio: 'inherit' });
    for (const deb of readdirSync(debs).sort()) execFileSync('dpkg-deb', ['-x', path.join(debs, deb), root]);
  }
  // "tuxpaint-data_1%3a0.9.28-sdl2-1_all.deb" → "tuxpaint-data 1:0.9.28-sdl2-1"
  const versions = readdirSync(debs)
    .sort()
    .map((deb) => decodeURIComponent(deb).replace(/_[^_]+\.deb$/u, '').replace('_', ' '));
  return { root, versions };
}
const { root, versions } = ensureSources();

/** Texts of the earlier sets, lower case: none of them may come back here. */
const seen = new Set<string>();
const sets = path.join(ROOT, 'server/src/language/promptSets');
const earlier = JSON.parse(readFileSync(path.join(sets, 'languages.json'), 'utf8')) as Record<string, Array<[string, string]>>;
const heldOut = (file: string) => (JSON.parse(readFileSync(path.join(sets, file), 'utf8')) as { heldOut: Array<[string, string]> }).heldOut;
for (const set of [earlier.tuning, earlier.heldOut, ...['uiStrings.json', 'photoApps.json', 'mapPresets.json', 'systemTexts.json'].map(heldOut)]) {
  for (const [, text] of set) seen.add(text.toLowerCase());
}
/** A description or string made prompt-like: Chinese/Japanese full stops go too (clean() drops only "." and ":"). */
const prompt = (text: string | undefined) => (text ? clean(text.replace(/[。．！]+$/u, '')) : null);
const fresh = (texts: Iterable<string | null>) =>
  [...new Set([...texts].filter((t): t is string => t !== null))].filter((t) => !seen.has(t.toLowerCase())).sort();

const wordCount = (text: string) => text.split(' ').length;
const latinWords = (text: string) => /^[\p{Script=Latin}\s'’,-]+$/u.test(text);
const latin = (text: string) => /\p{Script=Latin}/u.test(text) && !/[\p{Script=Han}\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text);
const hanOnly = (text: string) => /^[\p{Script=Han}\s]+$/u.test(text);
const same = (a: string | null, b: string | null) => a !== null && b !== null && a.toLowerCase() === b.toLowerCase();

/** One stamp: its folder under stamps/ ("food"), its English description and the translations by locale. */
interface Stamp {
  folder: string;
  english: string | null;
  translations: Map<string, string>;
}
function readStamps(): Stamp[] {
  const base = path.join(root, 'usr/share/tuxpaint/stamps');
  const out: Stamp[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (name.endsWith('.txt')) {
        const [first, ...rest] = readFileSync(file, 'utf8').split('\n');
        const translations = new Map<string, string>();
        for (const line of rest) {
          const m = /^([A-Za-z_@]+)\.utf8=(.*)$/u.exec(line.trim());
          if (m) translations.set(m[1], m[2].trim());
        }
        out.push({ folder: path.relative(base, file).split(path.sep)[0], english: prompt(first?.trim()), translations });
      }
    }
  };
  walk(base);
  return out;
}
const stamps = readStamps();

/** Original → translation over the given catalogues of one locale (the first one that has a string wins). */
function catalogue(locale: string, domains: readonly string[]): Map<string, string> {
  const all = new Map<string, string>();
  for (const domain of domains) {
    const file = path.join(root, 'usr/share/locale', locale, 'LC_MESSAGES', `${domain}.mo`);
    if (!existsSync(file)) continue;
    for (const [original, translation] of readMo(file)) if (translation && !all.has(original)) all.set(original, translation);
  }
  return all;
}
/** Translated strings of one locale's catalogues usable as prompts, without those identical to their original. */
function translatedStrings(locale: string, domains: readonly string[], keep: (text: string) => boolean): string[] {
  return fresh([...catalogue(locale, domains)].map(([original, translation]) => {
    const text = prompt(translation);
    return text && keep(text) && !same(text, prompt(original)) ? text : null;
  }));
}
/** Translated stamp descriptions of one locale (the first locale of `locales` a stamp has), without untranslated ones. */
function translatedStamps(locales: readonly string[], keep: (text: string) => boolean): string[] {
  return fresh(stamps.map((stamp) => {
    const raw = locales.map((locale) => stamp.translations.get(locale)).find((t) => t);
    const text = prompt(raw);
    return text && keep(text) && !same(text, stamp.english) ? text : null;
  }));
}

// English: stamp descriptions by length, food stamps (dishes and fruit: the loanword prompts), Tux Paint's strings.
const food = fresh(stamps.filter((s) => s.folder === 'food').map((s) => s.english)).filter(latinWords);
const foodPicked = spread(food, 30);
const stampEnglish = fresh(stamps.map((s) => s.english)).filter((t) => latinWords(t) && !foodPicked.includes(t));
const tuxEnglish = fresh([...catalogue('fr', ['tuxpaint']).keys()].map(prompt)).filter(latinWords);

type Labelled = [string, string];
const tag = (code: string, texts: string[]): Labelled[] => texts.map((text) => [code, text]);
const byWords = (texts: string[], n: number, count: number) => spread(texts.filter((t) => (n < 4 ? wordCount(t) === n : wordCount(t) >= 4)), count);
/** Half stamp descriptions, half Tux Paint strings. */
const foreign = (stampLocales: readonly string[], moLocale: string, count: number) => {
  const fromStamps = spread(translatedStamps(stampLocales, latin), Math.floor(count / 2));
  const fromStrings = translatedStrings(moLocale, ['tuxpaint'], latin).filter((t) => !fromStamps.includes(t));
  return [...fromStamps, ...spread(fromStrings, count - fromStamps.length)];
};
const set: Labelled[] = [
  ...tag('eng', byWords(stampEnglish, 1, 30)),
  ...tag('eng', byWords(stampEnglish, 2, 60)),
  ...tag('eng', byWords(stampEnglish, 3, 45)),
  ...tag('eng', byWords(stampEnglish, 4, 30)),
  ...tag('eng', foodPicked),
  ...tag('eng', byWords(tuxEnglish, 1, 30)),
  ...tag('eng', byWords(tuxEnglish, 2, 30)),
  ...tag('eng', [...byWords(tuxEnglish, 3, 10), ...byWords(tuxEnglish, 4, 10)]),
  ...(
    [
      [['es'], 'es', 'spa'], [['pt', 'pt_BR'], 'pt_BR', 'por'], [['fr'], 'fr', 'fra'], [['it'], 'it', 'ita'], [['de'], 'de', 'deu'],
      [['nl'], 'nl', 'nld'], [['pl'], 'pl', 'pol'], [['tr'], 'tr', 'tur'], [['vi'], 'vi', 'vie'],
    ] as const
  ).flatMap(([stampLocales, moLocale, code]) => tag(code, foreign(stampLocales, moLocale, 24))),
  ...tag('ind', foreign(['id'], 'id', 40)),
  ...tag('msa', foreign(['ms'], 'ms', 40)),
  // Kanji-only Japanese: the stamps have none, so Tux Paint's and GIMP's catalogues.
  ...tag('jpn', spread(translatedStrings('ja', ['tuxpaint', ...GIMP_DOMAINS], hanOnly), 40)),
  ...tag('zho', [
    ...spread(translatedStamps(['zh_CN'], hanOnly), 10),
    ...spread(translatedStamps(['zh_TW'], hanOnly), 5),
    ...spread(translatedStrings('zh_CN', GIMP_DOMAINS, hanOnly), 8),
    ...spread(translatedStrings('zh_TW', GIMP_DOMAINS, hanOnly), 7),
  ]),
];
writeHeldOutSet(path.join(sets, 'stampTexts.json'), `Debian ${versions.join(', ')}: Tux Paint stamp descriptions and tuxpaint.mo; GIMP catalogues (${GIMP_DOMAINS.join(', ')}) for kanji-only Japanese and Chinese`, set, wordCount);
