import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clean, readMo, spread, unpackDebs, unseenTexts, writeHeldOutSet } from './catalogues';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const CACHE = path.join(os.tmpdir(), 'photo-studio-lang-sources-8');
const APPS = [
  'gnome-calculator',
  'gnome-weather',
  'gnome-clocks',
  'gnome-maps',
  'gnome-characters',
  'baobab',
  'file-roller',
  'gedit-common',
  'cheese-common',
  'totem-common',
  'simple-scan',
  'gnome-logs',
  'gnome-system-monitor',
  'gnome-font-viewer',
];
const DEBS = ['gourmand', 'anymeal', ...APPS];
const DOMAINS = [
  'gourmand',
  'anymeal',
  'gnome-calculator',
  'org.gnome.Weather',
  'gnome-clocks',
  'gnome-maps',
  'org.gnome.Characters',
  'baobab',
  'file-roller',
  'gedit',
  'cheese',
  'totem',
  'simple-scan',
  'gnome-logs',
  'gnome-system-monitor',
  'gnome-font-viewer',
];

const { root, versions } = unpackDebs(CACHE, DEBS);
const GOURMAND = path.join(root, 'usr/lib/python3/dist-packages/gourmand');

/** None of the earlier sets' texts may come back here. */
const sets = path.join(ROOT, 'server/src/language/promptSets');
const fresh = unseenTexts(sets, ['uiStrings.json', 'photoApps.json', 'mapPresets.json', 'systemTexts.json', 'stampTexts.json', 'gameTexts.json']);
const prompt = (text: string | undefined) => (text ? clean(text.replace(/[。．！!?？]+$/u, '')) : null);
const wordCount = (text: string) => text.split(' ').length;
const latinWords = (text: string) => /^[\p{Script=Latin}\s'’,-]+$/u.test(text);
const latin = (text: string) =>
  /\p{Script=Latin}/u.test(text) && !/[\p{Script=Han}\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text);
const hanOnly = (text: string) => /^[\p{Script=Han}\s]+$/u.test(text);
const same = (a: string | null, b: string | null) => a !== null && b !== null && a.toLowerCase() === b.toLowerCase();

/** The first field of each tuple of a Gourmand defaults file's INGREDIENT_DATA: the ingredient's name. */
function ingredients(language: string): string[] {
  const source = readFileSync(path.join(GOURMAND, 'defaults', `defaults_${language}.py`), 'utf8');
  const start = source.indexOf('INGREDIENT_DATA');
  if (start < 0) return [];
  const block = source.slice(start, source.indexOf(']', source.indexOf('[', start) + 1) + 1);
  return [...block.matchAll(/\(\s*"([^"]+)"\s*,\s*"[^"]*"\s*,\s*"[^"]*"\s*\)/gu)].map((m) => m[1].trim());
}
const englishIngredients = new Set(ingredients('en').map((name) => name.toLowerCase()));

function catalogue(locale: string): Map<string, string> {
  const all = new Map<string, string>();
  for (const domain of DOMAINS) {
    for (const file of [
      path.join(root, 'usr/share/locale', locale, 'LC_MESSAGES', `${domain}.mo`),
      path.join(GOURMAND, 'data/locale', locale, 'LC_MESSAGES', `${domain}.mo`),
    ]) {
      if (!existsSync(file)) continue;
      for (const [original, translation] of readMo(file)) if (translation && !all.has(original)) all.set(original, translation);
    }
  }
  return all;
}
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
const foreignIngredients = (language: string) => fresh(ingredients(language).map(prompt)).filter((t) => latin(t) && !englishIngredients.has(t.toLowerCase()));

const food = fresh(ingredients('en').map(prompt)).filter(latinWords);
const appEnglish = fresh([...catalogue('fr').keys(), ...catalogue('de').keys()].map(prompt)).filter(latinWords);

type Labelled = [string, string];
const tag = (code: string, texts: string[]): Labelled[] => texts.map((text) => [code, text]);
const byWords = (texts: string[], n: number, count: number) =>
  spread(
    texts.filter((t) => (n < 4 ? wordCount(t) === n : wordCount(t) >= 4)),
    count,
  );
/** Half ingredient names (where Gourmand has the language), half catalogue strings. */
const foreign = (ingredientLanguage: string | null, locales: readonly string[], count: number) => {
  const fromFood = ingredientLanguage ? spread(foreignIngredients(ingredientLanguage), Math.floor(count / 2)) : [];
  const fromStrings = translatedStrings(locales, latin).filter((t) => !fromFood.includes(t));
  return [...fromFood, ...spread(fromStrings, count - fromFood.length)];
};
const set: Labelled[] = [
  ...tag('eng', [...byWords(food, 1, 35), ...byWords(food, 2, 30), ...byWords(food, 3, 15)]),
  ...tag('eng', byWords(appEnglish, 1, 45)),
  ...tag('eng', byWords(appEnglish, 2, 50)),
  ...tag('eng', byWords(appEnglish, 3, 40)),
  ...tag('eng', byWords(appEnglish, 4, 45)),
  ...(
    [
      ['es', ['es'], 'spa'],
      ['pt', ['pt', 'pt_BR'], 'por'],
      ['fr', ['fr'], 'fra'],
      [null, ['it'], 'ita'],
      ['de', ['de'], 'deu'],
      ['nl', ['nl'], 'nld'],
      [null, ['pl'], 'pol'],
      [null, ['tr'], 'tur'],
      [null, ['vi'], 'vie'],
    ] as const
  ).flatMap(([ingredientLanguage, locales, code]) => tag(code, foreign(ingredientLanguage, locales, 24))),
  ...tag('ind', spread(translatedStrings(['id'], latin), 40)),
  ...tag('msa', spread(translatedStrings(['ms'], latin), 35)),
  ...tag('jpn', spread(translatedStrings(['ja'], hanOnly), 20)),
  ...tag('zho', [...spread(translatedStrings(['zh_CN'], hanOnly), 10), ...spread(translatedStrings(['zh_TW'], hanOnly), 10)]),
];
writeHeldOutSet(
  path.join(sets, 'recipeApps.json'),
  `Debian ${versions.join(', ')}: Gourmand's ingredient lists and catalogue, anymeal's and the GNOME utilities' catalogues`,
  set,
  wordCount,
);
