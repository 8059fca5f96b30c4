/**
 * Regex patterns for English (Latin-script) list entries, searched in the normalised view (normalize.ts: NFKC,
 * no accents, lower case, look-alikes folded). Each entry matches its common disguises:
 * - l33t: each letter also matches the digits and symbols used for it ("sh1t", "a$$hole", "ph0rn" is not one);
 * - repeated letters: "fuuuuck";
 * - separators: dots, dashes, stars … between letters ("f.u.c.k", "fu-ck"), or every letter spaced ("f u c k");
 * - simple inflections: -s, -es, -ed, -d, -ing, -in, -er, -ers, -y, and y → -ies ("bitching", "raped", "sluts", "pussies");
 * and only as a whole word: not inside a longer word ("Scunthorpe", "grape", "class").
 * Inspired by the transformers of the `obscenity` package (confusables, leet, collapse duplicates, skip
 * non-alphabetic), rewritten here to run on the project's own lists and to keep positions for masking.
 */

/** What each letter may be written as, besides itself. */
const LEET: Readonly<Record<string, string>> = {
  a: '4@^',
  b: '8',
  c: '(<¢©',
  e: '3€£',
  g: '9',
  i: '1!|',
  l: '1|',
  o: '0°',
  s: '5$§z',
  t: '7+',
  u: 'v',
  z: '2',
};

/** Characters people put between the letters of a word (not white space, handled apart). */
/** (Disjoint from the l33t spellings above, so a character is either a letter or a separator: no backtracking blow-up.) */
const SEPARATORS = `.\\-_*·•'"~=:,;/\\\\#`;
const SEP_CLASS = `[${SEPARATORS}]`;
/** A letter may repeat up to this many times ("fuuuuuuck"); a bound keeps the work per position small. */
const MAX_REPEAT = 10;
const SPACED_GAP = `(?:[\\s${SEPARATORS}]{1,3})`;

/** Word characters of space-separated scripts: Han, kana and Hangul are boundaries ("你是bitch吗"). */
const WORD_CHAR = `(?:(?![\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}])[\\p{L}\\p{N}])`;

const escapeClass = (chars: string): string => chars.replace(/[\\\]^-]/g, '\\$&');

/** One letter of an entry, as a character class of its spellings. */
function letterClass(letter: string): string {
  const extra = LEET[letter] ?? '';
  return extra ? `[${escapeClass(letter + extra)}]` : letter.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The inflections accepted after an entry (its last letter may repeat before them: "shitting"). */
const SUFFIX = `(?:s|es|ed|d|ing|in|er|ers|r|rs|y|z)?`;

/** Stands for a symbol written inside an entry ("f*ck"): any one symbol ("f#ck", "f@ck"), not a letter. */
const ANY_SYMBOL = `[^\\s\\p{L}\\p{N}]`;

/** A word of an entry split into letters (each may repeat); a symbol inside an entry stands for {@link ANY_SYMBOL}. */
function wordPatterns(word: string): { compact: string; spaced: string } {
  const letters = [...word];
  const isLetter = (ch: string) => /[\p{L}\p{N}]/u.test(ch);
  const units = letters.map((ch) => (isLetter(ch) ? letterClass(ch) : ANY_SYMBOL));
  return {
    compact: units.map((unit, i) => (isLetter(letters[i]) ? `${unit}{1,${MAX_REPEAT}}` : unit)).join(`${SEP_CLASS}{0,3}`),
    spaced: units.join(SPACED_GAP),
  };
}

/**
 * The pattern source of one entry: a compact form (letters, repeated or split by separators, words of a phrase
 * split by any separators or white space) or a spaced form (every letter apart: "f u c k"), then an optional
 * inflection, as a whole word.
 */
export function entryPattern(entry: string): string {
  const plain = entry.trim().toLowerCase().split(/\s+/u).filter(Boolean);
  const words = plain.map(wordPatterns);
  // Words of a phrase may also be run together ("#childporn").
  const between = `(?:[\\s${SEPARATORS}]{0,8})`;
  const compact = words.map((word) => word.compact).join(between);
  const spaced = words.map((word) => word.spaced).join(between);
  const last = plain[plain.length - 1];
  // A final e drops before -ing ("raping", "whoring").
  const dropped =
    last.length > 3 && last.endsWith('e')
      ? `|${[...words.slice(0, -1).map((word) => word.compact), wordPatterns(last.slice(0, -1)).compact].join(between)}${SEP_CLASS}{0,3}(?:ing|in)`
      : '';
  // A final y turns to i before -es, -ed, -er ("pussies", "titties").
  const ies =
    last.length > 3 && last.endsWith('y')
      ? `|${[...words.slice(0, -1).map((word) => word.compact), wordPatterns(last.slice(0, -1)).compact].join(between)}${SEP_CLASS}{0,3}i(?:es|ed|er|ers)`
      : '';
  return `(?:(?:${compact}|${spaced})${SUFFIX}${dropped}${ies})`;
}

/**
 * One global regex for all `entries` (normalised lower-case Latin text), longest first so "child porn" wins
 * over "porn"; null when there are none.
 */
export function latinEntriesRegex(entries: readonly string[]): RegExp | null {
  const unique = [...new Set(entries.map((entry) => entry.trim().toLowerCase()).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (unique.length === 0) return null;
  return new RegExp(`(?<!${WORD_CHAR})(?:${unique.map(entryPattern).join('|')})(?!${WORD_CHAR})`, 'gu');
}

/** One global regex for allowed phrases ("pussy willow"): literal, any white space or separators between words. */
export function allowedPhrasesRegex(entries: readonly string[]): RegExp | null {
  const unique = [...new Set(entries.map((entry) => entry.trim().toLowerCase()).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (unique.length === 0) return null;
  const phrase = (entry: string) =>
    entry
      .split(/\s+/u)
      .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join(`[\\s${SEPARATORS}]+`);
  return new RegExp(`(?<!${WORD_CHAR})(?:${unique.map(phrase).join('|')})(?!${WORD_CHAR})`, 'gu');
}
