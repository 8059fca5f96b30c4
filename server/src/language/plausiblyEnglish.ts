import { ENGLISH_FUNCTION_WORDS, FOREIGN_FUNCTION_WORDS, englishLexicon, englishProperNames, englishWordPairs } from './englishLexicon';

/** What the word list says about a Latin-script prompt. */
export interface EnglishEvidence {
  /** Words of letters (digits, "4k" and the like left out). */
  words: number;
  /** Words found in the English word list (with or without accents, "dog's" as "dog"). */
  known: number;
  englishFunctionWords: number;
  foreignFunctionWords: number;
}

/** German gender-inclusive endings ("Student(in)", "Lehrer*innen", "Künstler:in"), which English never writes. */
const GERMAN_GENDER_ENDING = /\p{L}(?:\(in(?:nen)?\)|[*:_]in(?:nen)?\b)/u;

/**
 * Letters English never writes that name a language on their own: the answer for a word the detectors have no
 * non-English opinion on ("Käfer" → German). Checked in this order; Vietnamese first (its letters are unique).
 */
const ORTHOGRAPHY: ReadonlyArray<readonly [RegExp, string]> = [
  [/[ơưđạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/iu, 'vie'],
  [/[łąęśźżćń]/iu, 'pol'],
  [/[ışğ]/iu, 'tur'],
  // German gender-inclusive endings: "Student(in)", "Lehrer*innen", "Künstler:in".
  [/[ßäöü]/iu, 'deu'],
  [GERMAN_GENDER_ENDING, 'deu'],
  [/[ãõ]/iu, 'por'],
  [/[ñ¿¡]/iu, 'spa'],
  [/[çœ]|[êâîôû]/iu, 'fra'],
  [/[òù]/iu, 'ita'],
];

/** The language some letters of `text` name (see {@link ORTHOGRAPHY}), or null. */
export function orthographyHint(text: string): string | null {
  for (const [letters, code] of ORTHOGRAPHY) if (letters.test(text)) return code;
  return null;
}

/**
 * A word in capitals ("OS", "DE") in a prompt that also has small letters: a code ("OS Error"), not a function
 * word, which a prompt writes in capitals only when it writes everything so.
 */
const inCapitals = (written: string, text: string) => written.length >= 2 && written === written.toUpperCase() && /\p{Ll}/u.test(text);

/** A word of the list, or two of them written together ("steambath", "tradesperson"), each of 4+ letters. */
function isEnglishWord(word: string, lexicon: ReadonlySet<string>): boolean {
  if (lexicon.has(word)) return true;
  for (let cut = 4; cut <= word.length - 4; cut++) {
    if (lexicon.has(word.slice(0, cut)) && lexicon.has(word.slice(cut))) return true;
  }
  return false;
}

/**
 * Counts the evidence for English in `text`. `codes`: words (lower case) that are codes, not words of any language
 * ("AMR", "GDK"; see foreignLexicons.ts), left out like abbreviations of one or two letters.
 */
export function englishEvidence(text: string, codes: ReadonlySet<string> = new Set()): EnglishEvidence {
  const lexicon = englishLexicon();
  const evidence: EnglishEvidence = { words: 0, known: 0, englishFunctionWords: 0, foreignFunctionWords: 0 };
  const names = englishProperNames();
  const tokens = text.normalize('NFKC').match(/[\p{L}\p{M}][\p{L}\p{M}'’]*/gu) ?? [];
  const lower = tokens.map((written) => written.toLowerCase().replace(/['’]s?$/u, ''));
  // Words of an English multi-word noun standing together ("chilli con carne", "dim sum"): English there, and
  // only there ("con" alone stays Spanish). A foreign function word never counts so ("de la").
  const inPair = new Set<number>();
  const pairs = englishWordPairs();
  for (let i = 0; i + 1 < lower.length; i++) {
    if (FOREIGN_FUNCTION_WORDS.has(lower[i]) || FOREIGN_FUNCTION_WORDS.has(lower[i + 1])) continue;
    if (pairs.has(`${lower[i]} ${lower[i + 1]}`)) inPair.add(i).add(i + 1);
  }
  for (const [index, written] of tokens.entries()) {
    const word = lower[index];
    if (!word) continue;
    evidence.words++;
    if (FOREIGN_FUNCTION_WORDS.has(word) && !inCapitals(written, text)) {
      evidence.foreignFunctionWords++;
      continue;
    }
    if (ENGLISH_FUNCTION_WORDS.has(word)) evidence.englishFunctionWords++;
    // One or two letters ("cm", "bg", "tv"): an abbreviation says nothing either way. Not with letters English never
    // writes: "mô tả", "cò" are Vietnamese words, one syllable each, not abbreviations.
    if ((word.length <= 2 && !ENGLISH_FUNCTION_WORDS.has(word) && /^[a-z]+$/u.test(word)) || codes.has(word)) {
      evidence.words--;
      continue;
    }
    // Accents are kept: English writes few ("café", "déjà" are in the list), and "violín" is not "violin".
    // A capitalised English name ("Saturn", "Mrs Claus") is English; lower case it may be a foreign word ("luna").
    const name = /^\p{Lu}/u.test(written) && names.has(word);
    if (name || inPair.has(index) || isEnglishWord(word.replace(/['’]/gu, ''), lexicon)) evidence.known++;
  }
  return evidence;
}

/** How sure the word list is. */
export type EnglishVerdict = 'english' | 'not-english' | 'undecided';

/**
 * Decides from the word list alone, before any statistical detector (issue 13: "never harm an English prompt"):
 * - 'english' when every word is an English word (1-3 word prompts: "kimono girl", "café interior"), or when
 *   at least 70 % are and English function words outnumber foreign ones ("astronaut riding a horse on mars");
 * - 'not-english' when most words are unknown or foreign function words outnumber English ones;
 * - 'undecided' otherwise: the detectors vote.
 */
export function plausiblyEnglish(text: string, codes: ReadonlySet<string> = new Set()): EnglishVerdict {
  if (GERMAN_GENDER_ENDING.test(text)) return 'not-english';
  const e = englishEvidence(text, codes);
  // Only abbreviations ("cm", "4k HDR"): nothing to translate.
  if (e.words === 0) return e.foreignFunctionWords === 0 ? 'english' : 'undecided';
  const share = e.known / e.words;
  if (e.foreignFunctionWords > e.englishFunctionWords) return 'not-english';
  if (e.foreignFunctionWords === 0 && share === 1) return 'english';
  if (share >= 0.7 && e.englishFunctionWords > e.foreignFunctionWords) return 'english';
  // Four or more words, all but one in four English and no foreign function word: an English noun phrase with a
  // borrowed word ("Rose Baie-rubbed Chicken Salad"); a foreign prompt that long writes its own function words.
  if (e.foreignFunctionWords === 0 && e.words >= 4 && share >= 0.75) return 'english';
  if (share < 0.5) return 'not-english';
  return 'undecided';
}
