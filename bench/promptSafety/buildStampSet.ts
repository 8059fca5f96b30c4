import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clean, readMo, spread, unpackDebs, unseenTexts, writeHeldOutSet } from './catalogues';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const CACHE = path.join(os.tmpdir(), 'photo-studio-lang-sources-6');
const DEBS = ['tuxpaint-stamps-default', 'tuxpaint-data', 'gimp-data'];
const GIMP_DOMAINS = ['gimp20', 'gimp20-std-plug-ins', 'gimp20-script-fu', 'gimp20-python'];

const { root, versions } = unpackDebs(CACHE, DEBS);

/** None of the earlier sets' texts may come back here. */
const sets = path.join(ROOT, 'server/src/language/promptSets');
const fresh = unseenTexts(sets, ['uiStrings.json', 'photoApps.json', 'mapPresets.json', 'systemTexts.json']);
/** A description or string made prompt-like: Chinese/Japanese full stops go too (clean() drops only "." and ":"). */
const prompt = (text: string | undefined) => (text ? clean(text.replace(/[。．！]+$/u, '')) : null);

const wordCount = (text: string) => text.split(' ').length;
const latinWords = (text: string) => /^[\p{Script=Latin}\s'’,-]+$/u.test(text);
const latin = (text: string) =>
  /\p{Script=Latin}/u.test(text) && !/[\p{Script=Han}\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text);
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
  return fresh(
    [...catalogue(locale, domains)].map(([original, translation]) => {
      const text = prompt(translation);
      return text && keep(text) && !same(text, prompt(original)) ? text : null;
    }),
  );
}
/** Translated stamp descriptions of one locale (the first locale of `locales` a stamp has), without untranslated ones. */
function translatedStamps(locales: readonly string[], keep: (text: string) => boolean): string[] {
  return fresh(
    stamps.map((stamp) => {
      const raw = locales.map((locale) => stamp.translations.get(locale)).find((t) => t);
      const text = prompt(raw);
      return text && keep(text) && !same(text, stamp.english) ? text : null;
    }),
  );
}

// English: stamp descriptions by length, food stamps (dishes and fruit: the loanword prompts), Tux Paint's strings.
const food = fresh(stamps.filter((s) => s.folder === 'food').map((s) => s.english)).filter(latinWords);
const foodPicked = spread(food, 30);
const stampEnglish = fresh(stamps.map((s) => s.english)).filter((t) => latinWords(t) && !foodPicked.includes(t));
const tuxEnglish = fresh([...catalogue('fr', ['tuxpaint']).keys()].map(prompt)).filter(latinWords);

type Labelled = [string, string];
const tag = (code: string, texts: string[]): Labelled[] => texts.map((text) => [code, text]);
const byWords = (texts: string[], n: number, count: number) =>
  spread(
    texts.filter((t) => (n < 4 ? wordCount(t) === n : wordCount(t) >= 4)),
    count,
  );
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
      [['es'], 'es', 'spa'],
      [['pt', 'pt_BR'], 'pt_BR', 'por'],
      [['fr'], 'fr', 'fra'],
      [['it'], 'it', 'ita'],
      [['de'], 'de', 'deu'],
      [['nl'], 'nl', 'nld'],
      [['pl'], 'pl', 'pol'],
      [['tr'], 'tr', 'tur'],
      [['vi'], 'vi', 'vie'],
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
writeHeldOutSet(
  path.join(sets, 'stampTexts.json'),
  `Debian ${versions.join(', ')}: Tux Paint stamp descriptions and tuxpaint.mo; GIMP catalogues (${GIMP_DOMAINS.join(', ')}) for kanji-only Japanese and Chinese`,
  set,
  wordCount,
);
