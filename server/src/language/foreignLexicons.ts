import { existsSync } from 'node:fs';
import path from 'node:path';
import { englishLexicon } from './englishLexicon';
import { loadHunspellAsync, type HunspellDictionary } from './hunspell';
import { isIndonesianWord } from './indonesianLexicon';

/**
 * Word lists of the other Latin-script languages users write prompts in (issue 13): the Hunspell dictionaries of
 * Debian's `hunspell-es`, `-pt-br`, `-fr`, `-it`, `-de-de`, `-nl`, `-pl`, `-tr`, `-vi` (read at run time from
 * /usr/share/hunspell, not shipped; `hunspell-id` through indonesianLexicon.ts). They answer one question for a
 * word the English list does not know: which languages write it? n-gram detectors guess on two or three words
 * ("Render otomatis" → Danish, "Buhid" → Rundi); a word in no list at all is a name or a code, which translation
 * cannot improve. A missing package only leaves its language out (logged once).
 */
const DIR = '/usr/share/hunspell';
/**
 * The packed stems of each list (stemTable.ts), written by the first process that loads a list after its package
 * was installed or updated (the .dic's size and date name the file): later processes read all nine in about a
 * second instead of 7-11 s, and hold a third of the memory the parsed lists did (bench/promptSafety/lexiconCost.ts).
 * Nothing is written at install time: npm's postinstall runs before or without the Debian packages.
 */
const PACKED_LEXICON_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', '..', 'generated', 'lexicons');
const DICTIONARIES: ReadonlyArray<readonly [code: string, file: string, options: { compounds?: boolean; capitalised?: boolean }]> = [
  ['spa', 'es_ES', {}],
  ['por', 'pt_BR', {}],
  ['fra', 'fr', {}],
  ['ita', 'it_IT', {}],
  ['deu', 'de_DE', { compounds: true, capitalised: true }],
  ['nld', 'nl', { compounds: true }],
  ['pol', 'pl_PL', {}],
  ['tur', 'tr_TR', {}],
  ['vie', 'vi_VN', {}],
];

/** The languages with a word list here (Malay goes with Indonesian: one list serves both). */
export const DICTIONARY_LANGUAGES: ReadonlySet<string> = new Set([...DICTIONARIES.map(([code]) => code), 'ind', 'msa']);

let loaded: Array<[string, HunspellDictionary]> = [];
let loading: Promise<void> | null = null;

/**
 * Loads the lists once, on the first prompt with a word English does not know (all nine: about 1 s and ~75 MB of
 * RSS from the packed files; 7-11 s the very first time, parsed in slices so that other requests are served
 * meanwhile); prompts of English words never load them.
 */
export function loadForeignLexicons(): Promise<void> {
  loading ??= (async () => {
    const all: Array<[string, HunspellDictionary]> = [];
    for (const [code, file, options] of DICTIONARIES) {
      const aff = path.join(DIR, `${file}.aff`);
      const dic = path.join(DIR, `${file}.dic`);
      if (!existsSync(aff) || !existsSync(dic)) {
        console.warn(`language detection: ${dic} is missing (Debian hunspell package); its language is left to the n-gram detectors`);
        continue;
      }
      all.push([code, await loadHunspellAsync(aff, dic, { ...options, cacheDir: PACKED_LEXICON_DIR })]);
    }
    loaded = all;
  })();
  return loading;
}

function dictionaries(): Array<[string, HunspellDictionary]> {
  return loaded;
}

/** Debian's Dutch list (OpenTaal) writes the digraph ij as the one letter ĳ ("oorspronkelĳk"); users type i + j. */
const DUTCH_IJ = /ij/u;

/** The languages (ISO 639-3) whose word list has `word`; 'ind' for the Indonesian/Malay one (after {@link loadForeignLexicons}). */
export function languagesOfWord(word: string): string[] {
  const out = dictionaries()
    .filter(([code, dictionary]) => dictionary.has(word) || (code === 'nld' && DUTCH_IJ.test(word) && dictionary.has(word.replace(/ij/gu, 'ĳ'))))
    .map(([code]) => code);
  if (isIndonesianWord(word.toLowerCase())) out.push('ind');
  return out;
}

/**
 * An elided French or Italian article, pronoun or preposition at the start of a word ("d’atterrissage", "l'eau",
 * "dell'acqua", "c'est"): the list has the word after it, not the two together.
 */
const ELIDED_FUNCTION_WORD = /^(?:d|l|qu|j|s|c|m|t|n|dell|dall|nell|sull|all|un)['’](?=\p{L}{2})/iu;

/** What the word lists say about a Latin-script prompt. */
export interface DictionaryVote {
  /** Words of 3+ letters the English list does not know (acronyms in capitals left out). */
  unknown: string[];
  /** Those of them that some list has (the others are names or made-up words). */
  listed: string[];
  /** Languages whose list has every word of `listed` (empty when `listed` is empty or no list has them all). */
  covering: string[];
  /** Acronyms in capitals (2-5 letters) that neither English nor any other list knows: codes, not words ("AMR", "GDK"). */
  codes: string[];
  /**
   * Languages whose list has every word of 3+ letters of the prompt, English ones included ("Panel lateral" →
   * Spanish); empty when none does ("Caprese Salad": no list has both). Only filled when some word is unknown.
   */
  wholePrompt: string[];
}

/**
 * Asks every word list about the words of `text` the English list does not know.
 * @example await dictionaryVote('Render otomatis') // → { unknown: ['otomatis'], listed: ['otomatis'], covering: ['ind'], codes: [], wholePrompt: ['ind'] }
 * @example await dictionaryVote('Buhid') // → { unknown: ['buhid'], listed: [], covering: [], codes: [], wholePrompt: [] }
 */
export async function dictionaryVote(text: string): Promise<DictionaryVote> {
  const english = englishLexicon();
  const words = text.normalize('NFC').match(/\p{L}[\p{L}'’-]*/gu) ?? [];
  if (words.some((word) => !english.has(word.toLowerCase().replace(/['’]s?$/u, '')))) await loadForeignLexicons();
  const unknown: string[] = [];
  const codes: string[] = [];
  // The word written as in the prompt, for the capitals of a code inside a hyphenated word ("OTH-sjabloon").
  const written = new Map<string, string>();
  for (const word of words) {
    // "d’atterrissage": the word after an elided article is what a list has.
    const lower = word
      .toLowerCase()
      .replace(ELIDED_FUNCTION_WORD, '')
      .replace(/['’]s?$/u, '');
    if (english.has(lower)) continue;
    if (/^\p{Lu}{2,5}$/u.test(word)) {
      if (languagesOfWord(lower).length === 0) codes.push(word);
      continue;
    }
    if (lower.replace(/[-'’]/gu, '').length >= 3) {
      unknown.push(lower);
      written.set(lower, word.replace(ELIDED_FUNCTION_WORD, ''));
    }
  }
  const listed: string[] = [];
  let covering: string[] | null = null;
  for (const word of unknown) {
    const mine = new Set(word.includes('-') ? intersectParts(written.get(word) ?? word) : languagesOfWord(word));
    if (mine.size === 0) continue;
    listed.push(word);
    covering = covering === null ? [...mine] : covering.filter((code) => mine.has(code));
  }
  let wholePrompt: string[] = [];
  if (unknown.length > 0) {
    const all = words
      .map((word) => word.toLowerCase().replace(/['’]s?$/u, ''))
      .filter((word) => word.replace(/[-'’]/gu, '').length >= 3 && !codes.some((code) => code.toLowerCase() === word));
    wholePrompt = [...DICTIONARY_LANGUAGES].filter(
      (code) => code !== 'msa' && all.every((word) => (word.includes('-') ? intersectParts(word) : languagesOfWord(word)).includes(code)),
    );
  }
  return { unknown, listed, covering: covering ?? [], codes, wholePrompt };
}

/**
 * "Hilfe-Knopf": the languages that have every part. A part in capitals ("OTH-sjabloon", "VHDL-Quelltext") is a
 * code, which no language's list has, so it does not empty the answer.
 */
function intersectParts(written: string): string[] {
  const parts = written
    .split('-')
    .filter((part) => part.length >= 2 && !/^\p{Lu}{2,5}$/u.test(part))
    .map((part) => part.toLowerCase());
  const english = englishLexicon();
  let out: string[] | null = null;
  for (const part of parts) {
    if (english.has(part)) continue;
    const mine = new Set(languagesOfWord(part));
    out = out === null ? [...mine] : out.filter((code) => mine.has(code));
  }
  return out ?? [];
}
