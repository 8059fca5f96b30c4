/**
 * Builds the eighth held-out set of language detection (issue 28 item 2, the final check of the scored model):
 * `server/src/language/promptSets/recipeApps.json`, from sources no language set, rule or word list ever read,
 * built after the model's first measurement on the seventh set (gameTexts.json), whose misses were then seen:
 * - the ingredient lists of the recipe organiser Gourmand (Debian `gourmand`, GPL-2+: `gourmand/defaults/
 *   defaults_en.py`, `_es`, `_fr`, `_de`, `_nl`, `_pt`): food names, the English ones full of loanwords ("bok choy",
 *   "prosciutto", "tomatillo"), the others in their own languages;
 * - Gourmand's own catalogue (gourmand.mo) and those of fourteen GNOME utilities (gnome-calculator, gnome-weather,
 *   gnome-clocks, gnome-maps, gnome-characters, baobab, file-roller, gedit, cheese, totem, simple-scan, gnome-logs,
 *   gnome-system-monitor, gnome-font-viewer) and anymeal: English originals of one to twelve words and their
 *   translations, Vietnamese, Indonesian and Malay included, kanji-only Japanese and Chinese.
 * Every text of an earlier set (the seventh included) is left out, and so is a translation identical to its English
 * source (for the ingredient lists: a foreign name spelled like an English one).
 *
 * Kept apart: built and committed before any further change of the model; while building only the counts per language
 * are printed (the head of one ingredient file was read to learn its format). The bench measures it only with
 * `--recipe-apps`, once, after the last change of the model.
 *
 * Run: `node --import tsx bench/promptSafety/buildRecipeAppSet.ts` (fetches the .debs with `apt-get download` into a
 * temporary folder on first use, ~11 MB; a rebuild from the same package versions is byte-identical).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clean, readMo, spread, writeHeldOutSet } from './catalogues';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const CACHE = path.join(os.tmpdir(), 'photo-studio-lang-sources-8');
const APPS = [
  'gnome-calculator', 'gnome-weather', 'gnome-clocks', 'gnome-maps', 'gnome-characters', 'baobab', 'file-roller', 'gedit-common', 'cheese-common',
  'totem-common', 'simple-scan', 'gnome-logs', 'gnome-system-monitor', 'gnome-font-viewer',
];
const DEBS = ['gourmand', 'anymeal', ...APPS];
const DOMAINS = [
  'gourmand', 'anymeal', 'gnome-calculator', 'org.gnome.Weather', 'gnome-clocks', 'gnome-maps', 'org.gnome.Characters', 'baobab', 'file-roller', 'gedit', 'cheese',
  'totem', 'simple-scan', 'gnome-logs', 'gnome-system-monitor', 'gnome-font-viewer',
];

function ensureSources(): { root: string; versions: string[] } {
  const root = path.join(CACHE, 'root');
  const debs = path.join(CACHE, 'debs');
  if (!existsSync(root)) {
    mkdirSync(debs, { recursive: true });
    execFileSync('apt-get', ['download', ...DEBS], { cwd: debs, stdio: 'inherit' });
    for (const deb of readdirSync(debs).sort()) execFileSync('dpkg-deb', ['-x', path.join(debs, deb), root]);
  }
  const versions = readdirSync(debs)
    .sort()
    .map((deb) => decodeURIComponent(deb).replace(/_[^_]+\.deb$/u, '').replace('_', ' '));
  return { root, versions };
}
const { root, versions } = ensureSources();
const GOURMAND = path.join(root, 'usr/lib/python3/dist-packages/gourmand');

/** Texts of the earlier sets, lower case: none of them may come back here. */
const seen = new Set<string>();
const sets = path.join(ROOT, 'server/src/language/promptSets');
const earlier = JSON.parse(readFileSync(path.join(sets, 'languages.json'), 'utf8')) as Record<string, Array<[string, string]>>;
const heldOut = (file: string) => (JSON.parse(readFileSync(path.join(sets, file), 'utf8')) as { heldOut: Array<[string, string]> }).heldOut;
for (const set of [earlier.tuning, earlier.heldOut, ...['uiStrings.json', 'photoApps.json', 'mapPresets.json', 'systemTexts.json', 'stampTexts.json', 'gameTexts.json'].map(heldOut)]) {
  for (const [, text] of set) seen.add(text.toLowerCase());
}
const prompt = (text: string | undefined) => (text ? clean(text.replace(/[。．！!?？]+$/u, '')) : null);
const fresh = (texts: Iterable<string | null>) =>
  [...new Set([...texts].filter((t): t is string => t !== null))].filter((t) => !seen.has(t.toLowerCase())).sort();
const wordCount = (text: string) => text.split(' ').length;
const latinWords = (text: string) => /^[\p{Script=Latin}\s'’,-]+$/u.test(text);
const latin = (text: string) => /\p{Script=Latin}/u.test(text) && !/[\p{Script=Han}\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text);
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
    for (const file of [path.join(root, 'usr/share/locale', locale, 'LC_MESSAGES', `${domain}.mo`), path.join(GOURMAND, 'data/locale', locale, 'LC_MESSAGES', `${domain}.mo`)]) {
      if (!existsSync(file)) continue;
      for (const [original, translation] of readMo(file)) if (translation && !all.has(original)) all.set(original, translation);
    }
  }
  return all;
}
function translatedStrings(locales: readonly string[], keep: (text: string) => boolean): string[] {
  return fresh(locales.flatMap((locale) => [...catalogue(locale)].map(([original, translation]) => {
    const text = prompt(translation);
    return text && keep(text) && !same(text, prompt(original)) ? text : null;
  })));
}
const foreignIngredients = (language: string) => fresh(ingredients(language).map(prompt)).filter((t) => latin(t) && !englishIngredients.has(t.toLowerCase()));

const food = fresh(ingredients('en').map(prompt)).filter(latinWords);
const appEnglish = fresh([...catalogue('fr').keys(), ...catalogue('de').keys()].map(prompt)).filter(latinWords);

type Labelled = [string, string];
const tag = (code: string, texts: string[]): Labelled[] => texts.map((text) => [code, text]);
const byWords = (texts: string[], n: number, count: number) => spread(texts.filter((t) => (n < 4 ? wordCount(t) === n : wordCount(t) >= 4)), count);
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
      ['es', ['es'], 'spa'], ['pt', ['pt', 'pt_BR'], 'por'], ['fr', ['fr'], 'fra'], [null, ['it'], 'ita'], ['de', ['de'], 'deu'],
      ['nl', ['nl'], 'nld'], [null, ['pl'], 'pol'], [null, ['tr'], 'tur'], [null, ['vi'], 'vie'],
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
