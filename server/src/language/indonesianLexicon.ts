import { existsSync, readFileSync } from 'node:fs';
import { FOREIGN_FUNCTION_WORDS } from './englishLexicon';

/**
 * Indonesian and Malay words, for the short prompts n-gram detectors scatter over a dozen languages
 * ("kurung kurawal buka" → German, "bola kristal" → Slovak, "lantai" → Lithuanian; issue 13): when every word of
 * a prompt is a word of the language, the prompt is Indonesian or Malay whatever the n-grams say.
 *
 * The list is the stems of the Indonesian Hunspell dictionary (Debian `hunspell-id`, LGPL-3, read at run time
 * from the system, not shipped); Malay shares most of its stems. Derived forms ("berputar", "memancing",
 * "tergulung") are found through their stem by taking off the common prefixes and suffixes. Without the
 * package the check says "not known" and detection works as before (the start-up log says so once).
 */
const DICTIONARY = '/usr/share/hunspell/id_ID.dic';

let stems: ReadonlySet<string> | null = null;
let warned = false;

function loadStems(): ReadonlySet<string> {
  if (stems) return stems;
  if (!existsSync(DICTIONARY)) {
    if (!warned)
      console.warn(`language detection: ${DICTIONARY} (Debian hunspell-id) is missing; short Indonesian and Malay prompts are left to the n-gram detectors`);
    warned = true;
    return (stems = new Set());
  }
  const words = new Set<string>();
  // The first line is the entry count; each entry is "stem/FLAGS" or "stem".
  for (const line of readFileSync(DICTIONARY, 'utf8').split('\n').slice(1)) {
    const stem = line.split('/')[0].trim().toLowerCase();
    if (stem) words.add(stem);
  }
  return (stems = words);
}

const SUFFIXES = ['kannya', 'annya', 'nya', 'kan', 'lah', 'kah', 'an', 'i'];
// Nasal prefixes drop the stem's first letter: me+pukul → memukul, me+sapu → menyapu, me+tulis → menulis.
const PREFIXES: ReadonlyArray<readonly [string, string[]]> = [
  ['menge', ['']],
  ['meng', ['', 'k']],
  ['meny', ['s']],
  ['mem', ['', 'p']],
  ['men', ['', 't']],
  ['me', ['']],
  ['penge', ['']],
  ['peng', ['', 'k']],
  ['peny', ['s']],
  ['pem', ['', 'p']],
  ['pen', ['', 't']],
  ['pe', ['']],
  ['ber', ['']],
  ['be', ['']],
  ['ter', ['']],
  ['per', ['']],
  ['di', ['']],
  ['ke', ['']],
  ['se', ['']],
];

/** True when `word` (lower case) or its stem is an Indonesian dictionary word. */
export function isIndonesianWord(word: string): boolean {
  const lexicon = loadStems();
  if (lexicon.size === 0) return false;
  if (lexicon.has(word)) return true;
  // Reduplication ("kura-kura", "dobi-mendobi"): the parts are words.
  if (word.includes('-')) return word.split('-').every((part) => part.length > 0 && isIndonesianWord(part));
  const withoutSuffix = [word, ...SUFFIXES.filter((s) => word.endsWith(s) && word.length - s.length >= 3).map((s) => word.slice(0, -s.length))];
  for (const base of withoutSuffix) {
    if (lexicon.has(base)) return true;
    for (const [prefix, restore] of PREFIXES) {
      if (!base.startsWith(prefix) || base.length - prefix.length < 3) continue;
      const rest = base.slice(prefix.length);
      if (restore.some((letter) => lexicon.has(letter + rest))) return true;
    }
  }
  return false;
}

/** The Indonesian and Malay words of {@link FOREIGN_FUNCTION_WORDS}. */
const MALAY_INDONESIAN_FUNCTION_WORDS = new Set(
  'yang dan di ke dari dengan ini itu untuk tidak ada pada akan dalam juga sebuah seorang sangat lebih'.split(' '),
);

/** Whether the dictionary is installed (for /api/health-style reports and tests that need it). */
export function indonesianLexiconAvailable(): boolean {
  return loadStems().size > 0;
}

/**
 * True when every word of three or more letters in `text` is an Indonesian (or Malay) word and there is at
 * least one: "bola kristal", "kurung tekuk tutup". Words of one or two letters ("di", "ke") and abbreviations
 * in capitals ("tanda ATM") are neutral.
 */
export function allIndonesianWords(text: string): boolean {
  // A function word of another language ("la testa", "der Profesor") names that language, however short.
  const tokens = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  if (tokens.some((token) => FOREIGN_FUNCTION_WORDS.has(token) && !MALAY_INDONESIAN_FUNCTION_WORDS.has(token))) return false;
  const words = (text.match(/[\p{L}][\p{L}-]*/gu) ?? []).filter((word) => word.replace(/-/g, '').length >= 3 && !/^\p{Lu}{2,5}$/u.test(word));
  return words.length > 0 && words.every((word) => isIndonesianWord(word.toLowerCase()));
}
