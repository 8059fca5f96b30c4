/**
 * Builds the third held-out set of language detection (issue 13 item 4, round 3):
 * `server/src/language/promptSets/photoApps.json`, from sources no rule of the detector was ever tuned on:
 * - the gettext catalogues of three photo programs, Debian packages `shotwell-common` 0.30.17, `gthumb-data` 3.12.2
 *   and `eog` 43.2 (GPL/LGPL): English originals ("Rotate left", "Red-eye reduction", "Adjust the colors of the
 *   image") and their translations, Indonesian and Malay included, plus kanji-only Japanese and Chinese ones;
 * - faker 10.6.0 (npm `@faker-js/faker`, MIT), seeded: English dish names and food descriptions (loanword prompts:
 *   "tahini and lamb pie", "Sichuan tofu soup"), product names and colour names; Indonesian product names and
 *   colours; kanji-only Japanese dishes;
 * - WordNet 3.0 (Debian `wordnet-base`, WordNet licence): the example phrases of food nouns ("the pilaf was cooked
 *   with saffron") — dictionary example phrases.
 * Every text already in an earlier set (tuning, held-out, UI strings) is left out.
 *
 * Kept apart from tuning: built and committed before any detector change of this round; while building only the
 * counts per language were printed. The bench measures it only with `--photo-apps`, run once at the end.
 *
 * Run: `node --import tsx bench/promptSafety/buildPhotoAppSet.ts` (fetches the three .debs and wordnet-base with
 * `apt-get download` and faker with `npm pack` into a temporary folder on first use).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { clean, readMo, spread } from './catalogues';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const CACHE = path.join(os.tmpdir(), 'photo-studio-lang-sources');
const DEBS = ['shotwell-common', 'gthumb-data', 'eog', 'wordnet-base'];
const FAKER = '@faker-js/faker@10.6.0';
const DOMAINS = ['shotwell', 'gthumb', 'eog'];

/** Downloads and unpacks the sources once (Debian packages and the faker tarball). */
function ensureSources(): { root: string; faker: string } {
  const root = path.join(CACHE, 'root');
  const faker = path.join(CACHE, 'package', 'dist', 'index.js');
  if (!existsSync(root)) {
    mkdirSync(path.join(CACHE, 'debs'), { recursive: true });
    execFileSync('apt-get', ['download', ...DEBS], { cwd: path.join(CACHE, 'debs'), stdio: 'inherit' });
    for (const deb of readdirSync(path.join(CACHE, 'debs'))) execFileSync('dpkg-deb', ['-x', path.join(CACHE, 'debs', deb), root]);
  }
  if (!existsSync(faker)) {
    const tgz = execFileSync('npm', ['pack', FAKER], { cwd: CACHE, encoding: 'utf8' }).trim().split('\n').pop() as string;
    execFileSync('tar', ['xzf', tgz], { cwd: CACHE });
  }
  return { root, faker };
}

const { root, faker: fakerPath } = ensureSources();

/** Original → translation over the three photo programs of one locale (the first one that has it wins). */
function catalogue(locale: string): Map<string, string> {
  const all = new Map<string, string>();
  for (const domain of DOMAINS) {
    const file = path.join(root, 'usr/share/locale', locale, 'LC_MESSAGES', `${domain}.mo`);
    if (!existsSync(file)) continue;
    for (const [original, translation] of readMo(file)) if (!all.has(original)) all.set(original, translation);
  }
  return all;
}

/** Texts of the earlier sets, lower case: none of them may come back here. */
const seen = new Set<string>();
const earlier = JSON.parse(readFileSync(path.join(ROOT, 'server/src/language/promptSets/languages.json'), 'utf8')) as Record<string, unknown>;
const ui = JSON.parse(readFileSync(path.join(ROOT, 'server/src/language/promptSets/uiStrings.json'), 'utf8')) as { heldOut: Array<[string, string]> };
for (const set of [earlier.tuning, earlier.heldOut, ui.heldOut] as Array<Array<[string, string]>>) for (const [, text] of set) seen.add(text.toLowerCase());
const fresh = (texts: Iterable<string>) => [...new Set(texts)].filter((t) => !seen.has(t.toLowerCase())).sort();

function translated(locale: string, keep: (text: string) => boolean): string[] {
  const out: string[] = [];
  for (const [original, translation] of catalogue(locale)) {
    const text = translation && clean(translation);
    if (text && text.toLowerCase() !== clean(original)?.toLowerCase() && keep(text)) out.push(text);
  }
  return fresh(out);
}

const latin = (text: string) => /\p{Script=Latin}/u.test(text) && !/[\p{Script=Han}\p{Script=Cyrillic}]/u.test(text);
const hanOnly = (text: string) => /^[\p{Script=Han}\s]+$/u.test(text);
const wordCount = (text: string) => text.split(' ').length;

// English originals of the photo programs, by length (1, 2, 3 and 4-12 words).
const english = fresh([...catalogue('de').keys()].map(clean).filter((t): t is string => t !== null && /^[\p{Script=Latin}\s'’,;!?()-]+$/u.test(t)));

// faker, seeded: the same texts on every run.
const { Faker, allLocales } = (await import(pathToFileURL(fakerPath).href)) as {
  Faker: new (options: {
    locale: unknown[];
  }) => {
    seed(n: number): void;
    food: { dish(): string; description(): string };
    commerce: { productName(): string };
    color: { human(): string };
  };
  allLocales: Record<string, unknown>;
};
const fakerEn = new Faker({ locale: [allLocales.en, allLocales.base] });
fakerEn.seed(13);
const many = (make: () => string, count: number) => {
  const out = new Set<string>();
  for (let tries = 0; out.size < count && tries < count * 50; tries++) out.add(make());
  return fresh(out).slice(0, count);
};
const dishes = many(() => fakerEn.food.dish(), 45);
const descriptions = many(() => fakerEn.food.description(), 15);
const products = many(() => fakerEn.commerce.productName(), 20);
const colours = many(() => fakerEn.color.human(), 15);
const fakerId = new Faker({ locale: [allLocales.id_ID, allLocales.en, allLocales.base] });
fakerId.seed(13);
const idProducts = many(() => fakerId.commerce.productName(), 10);
const idColours = many(() => fakerId.color.human(), 8);
const jaFood = (allLocales.ja as { food?: Record<string, unknown> }).food ?? {};
const jaHan = fresh(
  Object.values(jaFood)
    .flat()
    .filter((t): t is string => typeof t === 'string' && hanOnly(t) && t.length >= 2),
);

// WordNet: example phrases ("…") of food nouns (lexicographer file 13), 2-12 words.
const wordnetExamples = fresh(
  readFileSync(path.join(root, 'usr/share/wordnet/data.noun'), 'latin1')
    .split('\n')
    .filter((line) => / 13 n /.test(line.slice(8, 14)))
    .flatMap((line) => [...(line.split(' | ')[1] ?? '').matchAll(/"([^"]+)"/g)].map((m) => m[1].trim().replace(/[.!?]+$/u, '')))
    .filter((t) => wordCount(t) >= 2 && wordCount(t) <= 12 && /^[A-Za-z\s'’,-]+$/u.test(t)),
);

type Labelled = [string, string];
const tag = (code: string, texts: string[]): Labelled[] => texts.map((text) => [code, text]);
const set: Labelled[] = [
  ...tag(
    'eng',
    spread(
      english.filter((t) => wordCount(t) === 1),
      40,
    ),
  ),
  ...tag(
    'eng',
    spread(
      english.filter((t) => wordCount(t) === 2),
      40,
    ),
  ),
  ...tag(
    'eng',
    spread(
      english.filter((t) => wordCount(t) === 3),
      30,
    ),
  ),
  ...tag(
    'eng',
    spread(
      english.filter((t) => wordCount(t) > 3),
      30,
    ),
  ),
  ...tag('eng', dishes),
  ...tag('eng', descriptions),
  ...tag('eng', products),
  ...tag('eng', colours),
  ...tag('eng', spread(wordnetExamples, 40)),
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
  ).flatMap(([locale, code]) => tag(code, spread(translated(locale, latin), 22))),
  ...tag('ind', [...spread(translated('id', latin), 45), ...idProducts, ...idColours]),
  ...tag('msa', spread(translated('ms', latin), 50)),
  ...tag('jpn', [...spread(translated('ja', hanOnly), 35), ...spread(jaHan, 10)]),
  ...tag('zho', [...spread(translated('zh_CN', hanOnly), 15), ...spread(translated('zh_TW', hanOnly), 15)]),
];
const counts = new Map<string, number>();
for (const [code] of set) counts.set(code, (counts.get(code) ?? 0) + 1);
const englishShare = (100 * (counts.get('eng') ?? 0)) / set.length;
console.log(`photoApps: ${set.length} prompts, English ${englishShare.toFixed(1)} %`, Object.fromEntries(counts));
writeFileSync(
  path.join(ROOT, 'server/src/language/promptSets/photoApps.json'),
  `${JSON.stringify({ source: `gettext catalogues of Debian ${DEBS.slice(0, 3).join(', ')}; ${FAKER} (seed 13); WordNet 3.0 food-noun example phrases (Debian wordnet-base)`, heldOut: set }, null, 0).replace(/\],\[/g, '],\n[')}\n`,
);
