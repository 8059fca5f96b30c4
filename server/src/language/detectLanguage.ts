import { DEFAULT_DETECTORS, type DetectFn, type DetectorLoader } from './detectors';
import { DICTIONARY_LANGUAGES, dictionaryVote, type DictionaryVote } from './foreignLexicons';
import { japaneseOrChinese } from './hanScript';
import { allIndonesianWords } from './indonesianLexicon';
import { ENGLISH, toIso639_3, UNDETERMINED } from './iso639';
import { malayOrIndonesian, malayOrIndonesianMarker } from './malayOrIndonesian';
import { englishWithLoanword, englishWithUnlistedWords } from './borrowedWords';
import { hasForeignEvidence } from './foreignEvidence';
import { englishEvidence, orthographyHint, plausiblyEnglish } from './plausiblyEnglish';
import { checkScript } from './scriptCheck';

/** A detection with how sure it is. */
export interface LanguageGuess {
  /** ISO 639-3, 'eng' for English. */
  lanCode: string;
  /**
   * False when the word list and the detectors disagree about a Latin-script prompt: half or more of its words
   * are English words, yet the detectors name another language; or when only the detectors' character n-grams name
   * a language, without a foreign word, function word or letter ("stdout", "Kashubian"; see foreignEvidence.ts).
   * Such a prompt is sent as written, not translated (issue 13: a wrong translation garbles the prompt; an
   * untranslated one keeps the user's words).
   */
  sure: boolean;
}

/** Language detection for the task flow (SPEC §4 "Translation"): the answer is ISO 639-3, 'eng' for English. */
export interface LanguageDetector {
  detect(text: string): Promise<string>;
  /**
   * {@link detect} with how sure it is. `hint`: the ISO 639-3 code of the user's interface language, which
   * settles Indonesian vs Malay and a prompt the detectors cannot place (see {@link createLanguageDetector}).
   */
  guess(text: string, hint?: string): Promise<LanguageGuess>;
}

/**
 * Picks the winner of one vote. `ballots` hold each detector's first-ranked ISO 639-3 codes, in the detectors'
 * priority order (an empty ballot = no opinion; several codes = an exact tie, one vote to each).
 * Most votes wins, ties go to the earlier detector, but English needs two votes whenever two detectors spoke:
 * every single detector calls some short foreign prompts English (fastText: "remover o fundo"), and a prompt
 * wrongly taken for English skips translation, which is the costly mistake.
 */
export function tallyVotes(ballots: ReadonlyArray<readonly string[]>): string {
  const spoken = ballots.filter((ballot) => ballot.length > 0);
  if (spoken.length === 0) return ENGLISH;
  const tally = new Map<string, { count: number; first: number }>();
  ballots.forEach((ballot, index) => {
    for (const code of new Set(ballot)) {
      const entry = tally.get(code) ?? { count: 0, first: index };
      entry.count += 1;
      tally.set(code, entry);
    }
  });
  const ranked = [...tally].sort(([, a], [, b]) => b.count - a.count || a.first - b.first);
  const englishNeeds = Math.min(2, spoken.length);
  const winner = ranked.find(([code, { count }]) => code !== ENGLISH || count >= englishNeeds);
  return winner?.[0] ?? ENGLISH;
}

/**
 * Builds a detector over the given voters. Each voter loads lazily, once (the promise is cached, so concurrent
 * first calls share one load); a voter that fails to load is logged and left out, and the others vote.
 */
export function createLanguageDetector(loaders: readonly DetectorLoader[] = DEFAULT_DETECTORS): LanguageDetector {
  type Loaded = { name: string; detect: DetectFn; decidesSingleWords: boolean };
  let loaded: Promise<Loaded[]> | null = null;
  const loadAll = () =>
    (loaded ??= Promise.all(
      loaders.map(async (loader) => {
        try {
          return { name: loader.name, detect: await loader.load(), decidesSingleWords: loader.decidesSingleWords === true };
        } catch (err) {
          console.error(`language detection: the ${loader.name} detector failed to load; the others vote without it`, err);
          return null;
        }
      }),
    ).then((all) => all.filter((d): d is Loaded => d !== null)));

  /** The vote; `notEnglish`: every detector votes, English ballots are dropped (the word list ruled it out). */
  async function vote(text: string, notEnglish = false): Promise<{ winner: string; englishBallots: number; named: Set<string> }> {
    const all = await loadAll();
    const singleWordJudge = all.find((d) => d.decidesSingleWords);
    const detectors = singleWordJudge && isSingleWord(text) && !notEnglish ? [singleWordJudge] : all;
    const ballots = detectors.map(({ name, detect }) => {
      try {
        // A code the table does not know is still a vote against English.
        return detect(text).map((code) => toIso639_3(code) ?? UNDETERMINED);
      } catch (err) {
        console.error(`language detection: ${name} failed on a prompt; counted as no opinion`, err);
        return [];
      }
    });
    const englishBallots = ballots.filter((ballot) => ballot.includes(ENGLISH)).length;
    const named = new Set(ballots.flat());
    const counted = notEnglish ? ballots.map((ballot) => ballot.filter((code) => code !== ENGLISH)) : ballots;
    if (notEnglish && counted.every((ballot) => ballot.length === 0)) return { winner: ENGLISH, englishBallots, named };
    return { winner: tallyVotes(counted), englishBallots, named };
  }

  async function guess(text: string, hint?: string): Promise<LanguageGuess> {
    const found = await guessWithoutHint(text);
    if (!hint || hint === ENGLISH || found.lanCode === hint) return found;
    // Han characters without kana on a Japanese page: Japanese, unless only Simplified Chinese writes them.
    if (found.lanCode === 'zho' && hint === 'jpn') return { lanCode: japaneseOrChinese(text, hint), sure: true };
    // An Indonesian page asking about "Malay" text: Indonesian (the detectors cannot tell them apart).
    if ((found.lanCode === 'msa' || found.lanCode === 'ind') && (hint === 'msa' || hint === 'ind') && !malayOrIndonesianMarker(text, false)) {
      return { lanCode: hint, sure: true };
    }
    // Not English and not placed by the detectors: the user writes in the language of the page they use.
    if (!found.sure && found.lanCode === ENGLISH) return { lanCode: hint, sure: true };
    // A short Latin-script prompt that is not English: n-gram detectors only guess on 1-3 words ("bola kristal"
    // → Slovak), so the page's language wins unless the prompt's letters or marker words name another one.
    const short = (text.match(/\p{L}+/gu) ?? []).length <= 3;
    if (short && found.sure && found.lanCode !== ENGLISH && checkScript(text).kind === 'latin') {
      const letters = orthographyHint(text);
      const marker = malayOrIndonesianMarker(text);
      if ((letters === null || letters === hint) && (marker === null || marker === hint)) return { lanCode: hint, sure: true };
    }
    return found;
  }

  async function guessWithoutHint(text: string): Promise<LanguageGuess> {
    const verdict = checkScript(text);
    if (verdict.kind === 'language') return { lanCode: verdict.code, sure: true };
    // Digits, punctuation or emoji only: nothing a translator could change, so it passes as is, like English.
    if (verdict.kind === 'none') return { lanCode: ENGLISH, sure: true };
    // The word list first: a plausibly English prompt is English, whatever n-grams say ("kimono girl"); codes in
    // capitals that no language's list knows ("AMR audio", "GDK backend") count for neither side.
    const lists = await dictionaryVote(text);
    const words = plausiblyEnglish(text, new Set(lists.codes.map((code) => code.toLowerCase())));
    // (A cost measured and accepted: "stile poster vintage", Italian whose three words are also English words,
    // is sent as written; making all three detectors overrule the word list turned "déjà vu" French.)
    if (words === 'english') return { lanCode: ENGLISH, sure: true };
    if (words === 'undecided' && englishWithLoanword(text, lists)) return { lanCode: ENGLISH, sure: true };
    // English words beside rare words or names that no language's list has ("indigo quelea"): English.
    if (englishWithUnlistedWords(text, lists)) return { lanCode: ENGLISH, sure: true };
    const { winner, englishBallots, named } = await vote(text, words === 'not-english');
    const marker = winner === ENGLISH ? null : malayOrIndonesianMarker(text);
    const lanCode = marker ?? (winner === 'msa' || winner === 'ind' ? malayOrIndonesian(text) : winner);
    // Every word Indonesian (or Malay), no letter Indonesian never writes: n-grams scatter such short prompts
    // over a dozen languages ("bola kristal" → Slovak), so the word list decides; not when every word is also
    // English ("TXT Data", "Invalid DNS TTL"), which is no evidence of Indonesian.
    const indonesianWords = () => orthographyHint(text) === null && !/[^\x00-\x7f]/u.test(text) && allIndonesianWords(text) && hasForeignEvidence(text, lists);
    if (lanCode !== 'ind' && lanCode !== 'msa' && indonesianWords()) {
      return { lanCode: malayOrIndonesian(text), sure: true };
    }
    const settled = settleByWordLists(text, lanCode, lists, named, words === 'not-english');
    if (settled) return settled;
    // From here on only the n-grams name the language: without a foreign word, function word or letter
    // ("stdout", "Kashubian", "Invalid DNS TTL") the prompt goes as written, or in the page's language on a page.
    if (lanCode !== ENGLISH && !hasForeignEvidence(text, lists)) return { lanCode: ENGLISH, sure: false };
    // Not English words, yet no detector named another language: letters only one language writes decide
    // ("Käfer"); else (a brand, a name) it is sent as written.
    if (words === 'not-english') {
      if (lanCode !== ENGLISH) return { lanCode, sure: true };
      const hint = orthographyHint(text);
      return hint ? { lanCode: hint, sure: true } : { lanCode, sure: false };
    }
    if (lanCode === ENGLISH) return { lanCode, sure: true };
    // Half the words English and a detector saying English too: unsure, and the prompt is better sent as written.
    const evidence = englishEvidence(text);
    return { lanCode, sure: englishBallots === 0 || evidence.known / evidence.words < 0.5 };
  }

  return {
    async detect(text) {
      return (await guess(text)).lanCode;
    },
    guess,
  };
}

/**
 * The other languages' word lists settle what the n-grams only guess on a few words (see foreignLexicons.ts):
 * - the words English does not know (names left out) are all words of one language's list (or of several, one of
 *   which a detector named): that language ("Render otomatis" → Indonesian, not Danish; "Display predefinito" → Italian);
 * - the n-grams named a language without a list here (Rundi, Volapük, Kazakh …) yet no list knows any word and
 *   every letter is one English writes ("Buhid", "SGML document"): a name or a code, sent as written (unsure), since no translator can improve it.
 * The detectors' English stays English unless the English list said "not English" and two or more words are
 * another language's (English recall comes first).
 * Returns null when the lists do not decide.
 */
function settleByWordLists(text: string, lanCode: string, lists: DictionaryVote, named: ReadonlySet<string>, notEnglishWords: boolean): LanguageGuess | null {
  const pick = (code: string): LanguageGuess => ({ lanCode: code === 'ind' || code === 'msa' ? malayOrIndonesian(text) : code, sure: true });
  const { listed, covering } = lists;
  if (lanCode === ENGLISH && !notEnglishWords) return null;
  // Every detector said English while the English list knew no word: one listed word is too little to overrule
  // them ("imac" is in the Polish list), two or more are enough.
  if (lanCode === ENGLISH && listed.length < 2) return null;
  if (listed.length > 0 && covering.length > 0) {
    if (covering.includes(lanCode) || (lanCode === 'msa' && covering.includes('ind'))) return { lanCode, sure: true };
    if (covering.length === 1) return pick(covering[0]);
    const letters = orthographyHint(text);
    if (letters && covering.includes(letters)) return pick(letters);
    const namedByDetector = covering.filter((code) => named.has(code));
    if (namedByDetector.length === 1) return pick(namedByDetector[0]);
    return null;
  }
  // Letters English never writes ("krásná kočka", "Käfer") keep the detectors' answer: they show a real language.
  const plainLetters = !/[^\x00-\x7f]/u.test(text.normalize('NFC'));
  if (listed.length === 0 && plainLetters && lanCode !== ENGLISH && !DICTIONARY_LANGUAGES.has(lanCode)) return { lanCode, sure: false };
  return null;
}

/** One run of letters ("sunset", "4k", "HDR!"): too little for n-gram statistics. */
function isSingleWord(text: string): boolean {
  return (text.match(/\p{L}+/gu) ?? []).length === 1;
}

let shared: LanguageDetector | null = null;

/**
 * The language of a prompt as an ISO 639-3 code ('eng' for English, 'zho' for Chinese of either script).
 * A script check first (Han, kana, Hangul, Thai, Cyrillic, Arabic … name the language directly), then for Latin
 * script a majority vote of fastText (lid.176), eld and tinyld (one-word prompts: fastText alone). Text without
 * letters counts as English.
 * @example await detectLanguage('a cat astronaut in watercolor') // 'eng'
 * @example await detectLanguage('quitar el fondo') // 'spa'
 */
export function detectLanguage(text: string): Promise<string> {
  shared ??= createLanguageDetector();
  return shared.detect(text);
}

/** {@link detectLanguage} with how sure it is (see {@link LanguageGuess}); `hint`: the interface language (639-3). */
export function guessLanguage(text: string, hint?: string): Promise<LanguageGuess> {
  shared ??= createLanguageDetector();
  return shared.guess(text, hint);
}
