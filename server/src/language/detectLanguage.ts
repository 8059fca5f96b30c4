import { DEFAULT_DETECTORS, type DetectFn, type DetectorLoader } from './detectors';
import { ENGLISH, toIso639_3, UNDETERMINED } from './iso639';
import { checkScript } from './scriptCheck';

/** Language detection for the task flow (SPEC §4 "Translation"): the answer is ISO 639-3, 'eng' for English. */
export interface LanguageDetector {
  detect(text: string): Promise<string>;
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

  return {
    async detect(text) {
      const verdict = checkScript(text);
      if (verdict.kind === 'language') return verdict.code;
      // Digits, punctuation or emoji only: nothing a translator could change, so it passes as is, like English.
      if (verdict.kind === 'none') return ENGLISH;
      const all = await loadAll();
      const singleWordJudge = all.find((d) => d.decidesSingleWords);
      const detectors = singleWordJudge && isSingleWord(text) ? [singleWordJudge] : all;
      const ballots = detectors.map(({ name, detect }) => {
        try {
          // A code the table does not know is still a vote against English.
          return detect(text).map((code) => toIso639_3(code) ?? UNDETERMINED);
        } catch (err) {
          console.error(`language detection: ${name} failed on a prompt; counted as no opinion`, err);
          return [];
        }
      });
      return tallyVotes(ballots);
    },
  };
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
