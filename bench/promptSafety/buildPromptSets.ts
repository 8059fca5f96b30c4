/**
 * Builds the innocent-prompt and language-detection sets that the prompt-safety bench measures, from sources
 * written by others, never by this project (issue 13 "a source you did not write for the tests"):
 * - TUNING sets: Unicode CLDR emoji names (npm `cldr-annotations-full`, Unicode-3.0 licence): short, prompt-like
 *   names ("red heart", "猫脸") in each language. Rules and allow-lists were adjusted while looking at these.
 * - HELD-OUT sets: one- and two-word English emoji keywords of emojilib (npm, MIT), lines of the Debian fortune
 *   cookie files (packages fortunes, fortunes-zh, fortunes-de, -es, -it,
 *   -br, -pl; see NOTICE.md): sentences and classical Chinese poem lines. Only measured, never looked at while
 *   tuning; a different source, so nothing of one set leaks into the other.
 * Run: `npm install --no-save --ignore-scripts cldr-annotations-full@48.2.0 emojilib@4.0.3 && bash scripts/install-system-deps.sh
 * --prompt-sets && node --import tsx bench/promptSafety/buildPromptSets.ts` (the 56 MB CLDR package is not a
 * dependency: only this script reads it). Writes server/src/textReview/promptSets/innocent.json and
 * server/src/language/promptSets/languages.json; both are committed, so the bench and tests need neither source.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const FORTUNES = '/usr/share/games/fortunes';

/** A deterministic pick of `count` items spread evenly over `items` (no randomness: the sets are reproducible). */
function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)]);
}

/** CLDR text-to-speech names of emoji in one locale, in code-point order, without skin-tone variants. */
function cldrNames(locale: string): string[] {
  const file = require.resolve(`cldr-annotations-full/annotations/${locale}/annotations.json`);
  const data = JSON.parse(readFileSync(file, 'utf8')).annotations.annotations as Record<string, { tts?: string[] }>;
  const names = Object.values(data).flatMap((entry) => entry.tts ?? []);
  return [...new Set(names.map((name) => name.trim()).filter((name) => /\p{L}/u.test(name) && !/[:：]/u.test(name)))];
}

/** CLDR keywords (the `default` lists) of one locale: other entries than the tts names. */
function cldrKeywords(locale: string): string[] {
  const file = require.resolve(`cldr-annotations-full/annotations/${locale}/annotations.json`);
  const data = JSON.parse(readFileSync(file, 'utf8')).annotations.annotations as Record<string, { default?: string[]; tts?: string[] }>;
  const tts = new Set(Object.values(data).flatMap((entry) => entry.tts ?? []));
  const words = Object.values(data).flatMap((entry) => entry.default ?? []);
  return [...new Set(words.map((w) => w.trim()).filter((w) => /\p{L}{3}/u.test(w) && !tts.has(w)))];
}

/** Lines of fortune files: escape codes removed, only lines of `min`..`max` code points with letters. */
function fortuneLines(files: readonly string[], min: number, max: number): string[] {
  const lines: string[] = [];
  for (const file of files) {
    if (!existsSync(file)) throw new Error(`${file} is missing: apt-get install the fortunes packages (scripts/install-system-deps.sh)`);
    const text = readFileSync(file, 'utf8').replace(/\u001b\[[0-9;]*m/g, '');
    for (const raw of text.split('\n')) {
      const line = raw.replace(/\s+/g, ' ').trim();
      const length = [...line].length;
      if (line === '%' || length < min || length > max || !/\p{L}{2}/u.test(line) || /^--|^[-=*#]|https?:|@/.test(line)) continue;
      lines.push(line);
    }
  }
  return [...new Set(lines)];
}

const fortunesIn = (folder: string): string[] =>
  readdirSync(path.join(FORTUNES, folder))
    .filter((name) => !name.endsWith('.dat') && !name.endsWith('.u8'))
    .map((name) => path.join(FORTUNES, folder, name))
    .filter((file) => statSync(file).isFile());

function writeJson(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value, null, 1)}\n`);
  console.log(`wrote ${path.relative(ROOT, file)}`);
}

// Text review: innocent prompts, 300 per language and set.
const englishFortunes = ['fortunes', 'wisdom', 'food', 'pets', 'kids', 'love', 'people', 'science', 'literature'].map((f) => path.join(FORTUNES, f));
writeJson(path.join(ROOT, 'server/src/textReview/promptSets/innocent.json'), {
  source: {
    tuning: 'Unicode CLDR 48 emoji names (npm cldr-annotations-full 48.2.0; en, zh, zh-Hant)',
    heldOut: 'Debian fortunes 1.99.1 (fortunes, wisdom, food, pets, kids, love, people, science, literature) and fortunes-zh 2.98 (chinese, tang300, song100)',
  },
  tuning: { en: spread(cldrNames('en'), 300), zh: spread([...cldrNames('zh'), ...cldrNames('zh-Hant')], 300) },
  heldOut: {
    en: spread(fortuneLines(englishFortunes, 20, 120), 300),
    zh: spread(
      fortuneLines(
        ['chinese', 'tang300', 'song100'].map((f) => path.join(FORTUNES, f)),
        6,
        40,
      ).filter((l) => /\p{Script=Han}{4}/u.test(l)),
      300,
    ),
  },
});

// Language detection: [expected ISO 639-3, prompt] pairs.
type Labelled = [string, string];
const tag = (code: string, texts: string[]): Labelled[] => texts.map((text) => [code, text]);
const CLDR_LANGS: Array<[string, string, number]> = [
  ['en', 'eng', 200],
  ['fr', 'fra', 40],
  ['de', 'deu', 40],
  ['es', 'spa', 40],
  ['it', 'ita', 40],
  ['pt', 'por', 40],
  ['id', 'ind', 40],
  ['ms', 'msa', 40],
  ['nl', 'nld', 30],
  ['pl', 'pol', 30],
  ['tr', 'tur', 30],
  ['vi', 'vie', 30],
  ['ja', 'jpn', 30],
  ['zh', 'zho', 20],
  ['ko', 'kor', 10],
  ['ru', 'rus', 10],
];
const tuning: Labelled[] = CLDR_LANGS.flatMap(([locale, code, count]) => tag(code, spread(cldrNames(locale), count)));
/**
 * Emoji keywords of emojilib (npm, MIT; written by its contributors, not taken from CLDR): one- and two-word
 * English prompts ("happy", "birthday cake"), which the fortune lines lack. Names already in the CLDR tuning
 * set are left out.
 */
function emojilibKeywords(): string[] {
  const data = require('emojilib') as Record<string, string[]>;
  const tuned = new Set(cldrNames('en').map((name) => name.toLowerCase()));
  const words = Object.values(data)
    .flat()
    .map((keyword) => keyword.replace(/_/g, ' ').trim())
    .filter((keyword) => /^[a-z]+( [a-z]+)?$/i.test(keyword) && !tuned.has(keyword.toLowerCase()));
  return [...new Set(words)];
}

const heldOut: Labelled[] = [
  ...tag('eng', spread(fortuneLines(englishFortunes, 8, 100), 250)),
  ...tag('eng', spread(emojilibKeywords(), 200)),
  ...tag('deu', spread(fortuneLines(fortunesIn('de'), 8, 100), 50)),
  ...tag('spa', spread(fortuneLines(fortunesIn('es'), 8, 100), 50)),
  ...tag('ita', spread(fortuneLines(fortunesIn('it'), 8, 100), 50)),
  ...tag('por', spread(fortuneLines([path.join(FORTUNES, 'brasil')], 8, 100), 50)),
  ...tag('pol', spread(fortuneLines(fortunesIn('pl'), 8, 100), 50)),
  ...tag('zho', spread(fortuneLines([path.join(FORTUNES, 'tang300')], 6, 40), 20)),
  // No Debian text in Indonesian, Malay or Japanese: their CLDR keywords (not the names tuned on) stand in.
  ...tag('ind', spread(cldrKeywords('id'), 40)),
  ...tag('msa', spread(cldrKeywords('ms'), 40)),
  ...tag(
    'jpn',
    spread(
      cldrKeywords('ja').filter((w) => /^\p{Script=Han}+$/u.test(w)),
      30,
    ),
  ),
];
writeJson(path.join(ROOT, 'server/src/language/promptSets/languages.json'), {
  source: {
    tuning: 'Unicode CLDR 48 emoji names (npm cldr-annotations-full 48.2.0)',
    heldOut:
      'Debian fortunes, fortunes-de/-es/-it/-br/-pl/-zh lines; emojilib 4.0.3 one- and two-word English keywords; CLDR 48 keywords (not names) for id, ms and kanji-only ja',
  },
  tuning,
  heldOut,
});
