import { englishLexicon, englishProperNames } from './englishLexicon';
import { languagesOfWord, type DictionaryVote } from './foreignLexicons';
import { malayOrIndonesianMarker } from './malayOrIndonesian';
import { englishEvidence, orthographyHint } from './plausiblyEnglish';

/**
 * Words of 3+ letters of `text` (lower case) that the English list itself has: a code in capitals ("OPML") or a
 * name ("Sikh") is not one, and neither is a part of a hyphenated foreign word ("VHDL-Quelltext"), nor a
 * capitalised word that is also an English name ("Macintosh" in "Francés (Macintosh)": a brand beside a foreign
 * word, not an English word borrowing one).
 */
function englishWordsOf(text: string, lists: DictionaryVote): string[] {
  const lexicon = englishLexicon();
  const names = englishProperNames();
  const codes = new Set(lists.codes.map((code) => code.toLowerCase()));
  return (text.normalize('NFC').match(/\p{L}+/gu) ?? [])
    .filter((written) => !(/^\p{Lu}/u.test(written) && names.has(written.toLowerCase())))
    .map((written) => written.toLowerCase())
    .filter((word) => word.length >= 3 && lexicon.has(word) && !codes.has(word));
}

/**
 * A short prompt of English words plus a word English lacks that another language's list has, where that
 * language writes none of the English words ("Caprese Salad": Italian has "caprese", not "salad"; "Arborio
 * Rice-infused Crocodile"): a dish or a name borrowed into an English prompt. A foreign prompt is written in its
 * own language's words ("twee pijlen naar links": Dutch has "links" too), so it does not pass; nor does one with
 * a foreign function word, with letters only another language writes, or with Indonesian or Malay words, which
 * take English words in unchanged ("Render otomatis", "Zoom Keluar"). At least one word must be in the English
 * word list itself: a capitalised name counts as English for the share of English words, but "Tempio Sikh" is an
 * Italian prompt with a name in it, not an English one with an Italian word.
 */
export function englishWithLoanword(text: string, lists: DictionaryVote): boolean {
  if (lists.unknown.length === 0 || lists.wholePrompt.length > 0 || lists.listed.length === 0) return false;
  const lenders = new Set(lists.listed.flatMap((word) => languagesOfWord(word.split('-')[0])));
  if (lenders.size === 0 || lenders.has('ind') || orthographyHint(lists.unknown.join(' ')) !== null) return false;
  const evidence = englishEvidence(text);
  if (evidence.words > 5 || evidence.foreignFunctionWords > 0 || evidence.known * 2 < evidence.words) return false;
  const englishWords = englishWordsOf(text, lists);
  return englishWords.length > 0 && englishWords.every((word) => !languagesOfWord(word).some((code) => lenders.has(code)));
}

/**
 * True for a prompt of English words plus words English lacks that no other language's list has either (rare
 * English nouns and names: "indigo quelea"), in plain letters, without a foreign function word or a Malay or
 * Indonesian marker word. (A prompt of such words alone, "leopon", is not taken for English here: it is sent as
 * written, or translated from the page's language, for want of foreign evidence; see foreignEvidence.ts.)
 */
export function englishWithUnlistedWords(text: string, lists: DictionaryVote): boolean {
  if (lists.unknown.length === 0 || lists.listed.length > 0) return false;
  if (/[^\x00-\x7f]/u.test(text.normalize('NFC')) || orthographyHint(text) !== null || malayOrIndonesianMarker(text, false) !== null) return false;
  return englishEvidence(text).foreignFunctionWords === 0 && englishWordsOf(text, lists).length > 0;
}
