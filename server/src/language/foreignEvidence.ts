import type { DictionaryVote } from './foreignLexicons';
import { malayOrIndonesianMarker } from './malayOrIndonesian';
import { englishEvidence, orthographyHint } from './plausiblyEnglish';

/**
 * Letters of a word English does not know, other than a-z and apostrophes (which names write: "Pa’anga",
 * "Coeur d'Alene"): "violín", "kočka". A word English knows with accents ("café") is not asked about.
 */
const FOREIGN_LETTER = /[^a-z'’ʻ-]/u;

/**
 * True when a Latin-script prompt carries positive evidence of a language other than English, the only evidence
 * that may send it to translation (issue 13: "never harm an English prompt"):
 * - a word English's list lacks that another language's list has (`lists.listed`: "otomatis", "Quelltext");
 * - a function word of another language ("el", "der", "yang"), not written in capitals as a code ("OS");
 * - letters only another language writes, or accented letters in a word English does not know ("Käfer",
 *   "violín"), or a German gender ending ("Student(in)");
 * - a Malay or Indonesian marker word or ending ("kitar semula").
 * Without any of these the prompt is English words, or words no list has (codes, names, rare words: "stdout",
 * "Kashubian", "Pa’anga"), and character n-grams alone name a language with false confidence: such a prompt is
 * better sent as written than translated from a guessed language.
 */
export function hasForeignEvidence(text: string, lists: DictionaryVote): boolean {
  if (lists.listed.length > 0) return true;
  if (englishEvidence(text, new Set(lists.codes.map((code) => code.toLowerCase()))).foreignFunctionWords > 0) return true;
  if (orthographyHint(text) !== null) return true;
  if (lists.unknown.some((word) => FOREIGN_LETTER.test(word.normalize('NFC')))) return true;
  return malayOrIndonesianMarker(text, false) !== null;
}
