import { ENGLISH_FUNCTION_WORDS, FOREIGN_FUNCTION_WORDS, englishLexicon } from './englishLexicon';

/** What the word list says about a Latin-script prompt. */
export interface EnglishEvidence {
  /** Words of letters (digits, "4k" and the like left out). */
  words: number;
  /** Words found in the English word list (with or without accents, "dog's" as "dog"). */
  known: number;
  englishFunctionWords: number;
  foreignFunctionWords: number;
}

const stripAccents = (word: string): string => word.normalize('NFD').replace(/\p{M}/gu, '');

/** Counts the evidence for English in `text`. */
export function englishEvidence(text: string): EnglishEvidence {
  const lexicon = englishLexicon();
  const evidence: EnglishEvidence = { words: 0, known: 0, englishFunctionWords: 0, foreignFunctionWords: 0 };
  for (const raw of text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{M}][\p{L}\p{M}'’]*/gu) ?? []) {
    const word = raw.replace(/['’]s?$/u, '');
    if (!word) continue;
    evidence.words++;
    if (FOREIGN_FUNCTION_WORDS.has(word)) {
      evidence.foreignFunctionWords++;
      continue;
    }
    if (ENGLISH_FUNCTION_WORDS.has(word)) evidence.englishFunctionWords++;
    const plain = stripAccents(word);
    if (lexicon.has(word) || lexicon.has(plain) || lexicon.has(plain.replace(/['’]/gu, ''))) evidence.known++;
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
export function plausiblyEnglish(text: string): EnglishVerdict {
  const e = englishEvidence(text);
  if (e.words === 0) return 'undecided';
  const share = e.known / e.words;
  if (e.foreignFunctionWords > e.englishFunctionWords) return 'not-english';
  if (e.foreignFunctionWords === 0 && share === 1) return 'english';
  if (share >= 0.7 && e.englishFunctionWords > e.foreignFunctionWords) return 'english';
  if (share < 0.5) return 'not-english';
  return 'undecided';
}
