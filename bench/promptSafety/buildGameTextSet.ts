import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clean, readMo, spread, unpackDebs, unseenTexts, writeHeldOutSet } from './catalogues';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const CACHE = path.join(os.tmpdir(), 'photo-studio-lang-sources-7');
const KDE_GAMES = ['kpat', 'kmahjongg', 'kmines', 'kreversi', 'palapeli', 'killbots', 'klines', 'kapman', 'kollision', 'kolf', 'knights', 'ksquares'];
const GNOME_GAMES = [
  'aisleriot',
  'gnome-chess',
  'gnome-mines',
  'gnome-sudoku',
  'quadrapassel',
  'iagno',
  'four-in-a-row',
  'gnome-mahjongg',
  'gnome-robots',
  'tali',
  'swell-foop',
  'lightsoff',
  'five-or-more',
  'gnome-nibbles',
  'gnome-klotski',
  'gnome-tetravex',
  'hitori',
];
const DEBS = ['kdeedu-kvtml-data', 'python3-mutagen', 'easytag', ...KDE_GAMES, ...GNOME_GAMES];
/** Catalogue domains (a package's .mo names differ from it in one case). */
const DOMAINS = [...KDE_GAMES, ...GNOME_GAMES.map((name) => (name === 'gnome-tetravex' ? 'gnome-tetravex-gui' : name)), 'easytag'];

const { root, versions } = unpackDebs(CACHE, DEBS);

/** None of the earlier sets' texts may come back here. */
const sets = path.join(ROOT, 'server/src/language/promptSets');
const fresh = unseenTexts(sets, ['uiStrings.json', 'photoApps.json', 'mapPresets.json', 'systemTexts.json', 'stampTexts.json']);
const prompt = (text: string | undefined) => (text ? clean(text.replace(/[。．！!?？]+$/u, '')) : null);

const wordCount = (text: string) => text.split(' ').length;
const latinWords = (text: string) => /^[\p{Script=Latin}\s'’,-]+$/u.test(text);
const latin = (text: string) =>
  /\p{Script=Latin}/u.test(text) && !/[\p{Script=Han}\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text);
const hanOnly = (text: string) => /^[\p{Script=Han}\s]+$/u.test(text);
const same = (a: string | null, b: string | null) => a !== null && b !== null && a.toLowerCase() === b.toLowerCase();

// --- KDE word-game vocabulary (kvtml): entries' words and hints, per locale folder.
const KVTML = path.join(root, 'usr/share/apps/kvtml');
function readKvtml(file: string): { words: string[]; hints: string[] } {
  const bytes = readFileSync(file);
  const declared = /encoding="([^"]+)"/u.exec(bytes.subarray(0, 200).toString('latin1'))?.[1]?.toLowerCase() ?? 'utf-8';
  const xml = new TextDecoder(declared === 'utf-8' || declared === 'utf8' ? 'utf-8' : 'latin1').decode(bytes);
  const unescapeXml = (text: string) =>
    text
      .replace(/&amp;/gu, '&')
      .replace(/&apos;/gu, "'")
      .replace(/&quot;/gu, '"')
      .replace(/&lt;/gu, '<')
      .replace(/&gt;/gu, '>')
      .trim();
  const words = [...xml.matchAll(/<text>([^<]*)<\/text>/gu)].map((m) => unescapeXml(m[1]));
  const hints = [...xml.matchAll(/<comment>([^<]*)<\/comment>/gu)].map((m) => unescapeXml(m[1]));
  return { words, hints };
}
function vocabulary(locales: readonly string[], only?: (file: string) => boolean): { words: string[]; hints: string[] } {
  const words: string[] = [];
  const hints: string[] = [];
  for (const locale of locales) {
    const dir = path.join(KVTML, locale);
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).sort()) {
      if (!file.endsWith('.kvtml') || (only && !only(file))) continue;
      const read = readKvtml(path.join(dir, file));
      words.push(...read.words);
      hints.push(...read.hints);
    }
  }
  return { words, hints };
}
const food = (file: string) => file === 'fruits.kvtml' || file === 'vegetables.kvtml';
const englishVocabulary = vocabulary(['en']);
const englishVocabularyAll = new Set([...englishVocabulary.words, ...vocabulary(['en_GB']).words].map((w) => w.toLowerCase()));
const foodWords = fresh(vocabulary(['en'], food).words.map(prompt)).filter(latinWords);
const foodPicked = spread(foodWords, 25);
const englishWords = fresh(englishVocabulary.words.map(prompt)).filter((t) => latinWords(t) && !foodPicked.includes(t));
const englishHints = fresh(englishVocabulary.hints.map(prompt)).filter((t) => latinWords(t) && wordCount(t) >= 3);

// --- Music genres (mutagen): the dance and music names.
const genreSource = readFileSync(path.join(root, 'usr/lib/python3/dist-packages/mutagen/_constants.py'), 'utf8');
const genres = fresh([...(/GENRES = \[([^\]]*)\]/u.exec(genreSource)?.[1] ?? '').matchAll(/u?"([^"]+)"/gu)].map((m) => prompt(m[1]))).filter(latinWords);

// --- Game catalogues.
function catalogue(locale: string): Map<string, string> {
  const all = new Map<string, string>();
  for (const domain of DOMAINS) {
    const file = path.join(root, 'usr/share/locale', locale, 'LC_MESSAGES', `${domain}.mo`);
    if (!existsSync(file)) continue;
    for (const [original, translation] of readMo(file)) if (translation && !all.has(original)) all.set(original, translation);
  }
  return all;
}
/** Translated strings of one locale usable as prompts, without those identical to their original. */
function translatedStrings(locales: readonly string[], keep: (text: string) => boolean): string[] {
  return fresh(
    locales.flatMap((locale) =>
      [...catalogue(locale)].map(([original, translation]) => {
        const text = prompt(translation);
        return text && keep(text) && !same(text, prompt(original)) ? text : null;
      }),
    ),
  );
}
const gameEnglish = fresh([...catalogue('fr').keys(), ...catalogue('de').keys()].map(prompt)).filter(latinWords);

/** Foreign vocabulary of a locale, without entries spelled like an English entry (untranslated ones). */
function foreignVocabulary(locales: readonly string[]): string[] {
  const { words, hints } = vocabulary(locales);
  return fresh([...words, ...hints].map(prompt)).filter((t) => latin(t) && !englishVocabularyAll.has(t.toLowerCase()));
}

type Labelled = [string, string];
const tag = (code: string, texts: string[]): Labelled[] => texts.map((text) => [code, text]);
const byWords = (texts: string[], n: number, count: number) =>
  spread(
    texts.filter((t) => (n < 4 ? wordCount(t) === n : wordCount(t) >= 4)),
    count,
  );
/** Half word-game vocabulary (words and hints), half game strings. */
const foreign = (kvtmlLocales: readonly string[], moLocales: readonly string[], count: number) => {
  const fromVocabulary = spread(foreignVocabulary(kvtmlLocales), Math.floor(count / 2));
  const fromStrings = translatedStrings(moLocales, latin).filter((t) => !fromVocabulary.includes(t));
  return [...fromVocabulary, ...spread(fromStrings, count - fromVocabulary.length)];
};
const set: Labelled[] = [
  ...tag('eng', byWords(englishWords, 1, 40)),
  ...tag('eng', byWords(englishWords, 2, 15)),
  ...tag('eng', foodPicked),
  ...tag('eng', spread(genres, 40)),
  ...tag('eng', spread(englishHints, 30)),
  ...tag('eng', byWords(gameEnglish, 1, 35)),
  ...tag('eng', byWords(gameEnglish, 2, 35)),
  ...tag('eng', byWords(gameEnglish, 3, 25)),
  ...tag('eng', byWords(gameEnglish, 4, 25)),
  ...(
    [
      [['es'], ['es'], 'spa'],
      [['pt', 'pt_BR'], ['pt', 'pt_BR'], 'por'],
      [['fr'], ['fr'], 'fra'],
      [['it'], ['it'], 'ita'],
      [['de'], ['de'], 'deu'],
      [['nl'], ['nl'], 'nld'],
      [['pl'], ['pl'], 'pol'],
      [['tr'], ['tr'], 'tur'],
    ] as const
  ).flatMap(([kvtmlLocales, moLocales, code]) => tag(code, foreign(kvtmlLocales, moLocales, 24))),
  ...tag('vie', spread(translatedStrings(['vi'], latin), 24)),
  ...tag('ind', spread(translatedStrings(['id'], latin), 40)),
  ...tag('msa', spread(translatedStrings(['ms'], latin), 35)),
  ...tag('jpn', spread(translatedStrings(['ja'], hanOnly), 20)),
  ...tag('zho', [...spread(translatedStrings(['zh_CN'], hanOnly), 10), ...spread(translatedStrings(['zh_TW'], hanOnly), 10)]),
];
writeHeldOutSet(
  path.join(sets, 'gameTexts.json'),
  `Debian ${versions.join(', ')}: KDE word-game vocabulary (kvtml), mutagen's genre names, the games' and easytag's catalogues`,
  set,
  wordCount,
);
