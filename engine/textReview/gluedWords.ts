/**
 * Listed words glued to other words ("uglybitch", "pornstar", "fuckoff"): a run of letters that is no word itself
 * but splits into dictionary words of which one is a listed entry. Innocent compounds stay innocent because the
 * run must not split into dictionary words *without* a listed entry first: "grapejuice" is grape|juice,
 * "rapeseedoil" is rapeseed|oil, "cockpit" and "pussycat" are words of their own, and "Scunthorpe" splits into
 * nothing at all (s|cunt|horpe has no "s" or "horpe"). The dictionary is the caller's (the server passes its
 * English lexicon); without one nothing is checked.
 */

/** Two-letter words that may be part of a glued run; other pieces need three letters (dictionaries list "ch", "zu"…). */
const SHORT_WORDS = new Set([
  'a',
  'i',
  'my',
  'me',
  'no',
  'so',
  'go',
  'up',
  'do',
  'an',
  'on',
  'in',
  'at',
  'of',
  'to',
  'be',
  'we',
  'us',
  'he',
  'it',
  'is',
  'or',
  'oh',
  'ok',
  'ur',
  'ya',
  'yo',
]);
/** Endings a listed word may carry inside a glued run ("uglybitches", "fuckingcar"). */
const INFLECTIONS = ['s', 'es', 'ed', 'd', 'ing', 'in', 'er', 'ers', 'y'];
/** Runs shorter than this are whole words or typos, never two words glued. */
const MIN_RUN = 6;
/** Longer runs are not split (the work grows with the square of the length). */
const MAX_RUN = 40;

/** Finds glued listed words in lower-case runs of letters. */
export interface GluedWordFinder {
  /** The listed entry `run` hides, or null when it is a word, an innocent compound, or no compound at all. */
  find(run: string): string | null;
}

/**
 * Builds a finder over the single-word `entries` (lower case, four letters or more: shorter ones hide inside too
 * many innocent runs) and a dictionary.
 */
export function gluedWordFinder(entries: readonly string[], isWord: (word: string) => boolean): GluedWordFinder {
  const listed = [...new Set(entries.filter((entry) => /^\p{L}{4,}$/u.test(entry)))];
  const listedForms = new Set(listed.flatMap((entry) => [entry, ...INFLECTIONS.map((ending) => entry + ending)]));
  const piece = (word: string) => (word.length >= 3 || SHORT_WORDS.has(word)) && isWord(word);
  /** True when `text` splits wholly into pieces; `allowListed` says whether listed words may be pieces. */
  const splits = (text: string, allowListed: boolean): boolean => {
    const ok = new Array<boolean>(text.length + 1).fill(false);
    ok[0] = true;
    for (let end = 1; end <= text.length; end++) {
      for (let start = 0; start < end && !ok[end]; start++) {
        if (!ok[start]) continue;
        const word = text.slice(start, end);
        if (listedForms.has(word) ? allowListed : piece(word)) ok[end] = true;
      }
    }
    return ok[text.length];
  };
  return {
    find(run) {
      if (run.length < MIN_RUN || run.length > MAX_RUN || isWord(run)) return null;
      const hidden = listed.find((entry) => run.includes(entry));
      if (!hidden) return null;
      if (splits(run, false)) return null; // an innocent compound: grape|juice
      return splits(run, true) ? hidden : null;
    },
  };
}
