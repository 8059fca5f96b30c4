import { createRequire } from 'node:module';
import { readsAsJapaneseWords } from './kanjiWords';

/**
 * Japanese or Chinese for a prompt written in Han characters only (issue 13 "kanji-only Japanese"). Kana settle
 * it before this is asked; without kana, most Japanese words ("水族館", "映画館") are also Traditional Chinese
 * words, letter for letter, so the characters alone decide only when they say so:
 * - Japanese writes some characters in its own simplified forms (shinjitai) and keeps others in the old forms,
 *   so "負符号" (負 old form, 号 simplified form) is written by Japanese and by neither Chinese script. That is
 *   checked with OpenCC's conversion tables (npm `opencc-js`, MIT, tables Apache-2.0): the text is Japanese when
 *   converting it to Japanese forms changes nothing, while converting it to Simplified and to Traditional
 *   Chinese both change it.
 * - Words: the text reads as Japanese words better than as Chinese ones (kanjiWords.ts: "名前", "日付").
 * - Everything else stays Chinese, unless the user's page is Japanese (the `hint`): then a Han-only prompt is
 *   Japanese unless it holds characters only Simplified Chinese writes ("们", "这").
 */

type Convert = (text: string) => string;
interface OpenCCModule {
  Converter(options: { from: string; to: string }): Convert;
}

/**
 * OpenCC's converters, each built on its first use. Their tables are big in memory (issue 32: the six built at
 * once held ~120 MB of the server's heap from start-up, since the word lists fold to Simplified at load), so
 * each is built only when asked for: start-up needs Traditional → Simplified alone (~1.4 MB); a Han-only prompt
 * adds Simplified → Traditional and → Japanese forms (~21 and ~20 MB).
 */
const built = new Map<string, Convert>();
function converter(from: string, to: string): Convert {
  const key = `${from}>${to}`;
  let convert = built.get(key);
  if (!convert) {
    const { Converter } = createRequire(import.meta.url)('opencc-js') as OpenCCModule;
    convert = Converter({ from, to });
    built.set(key, convert);
  }
  return convert;
}

const toSimplified: Convert = (text) => converter('t', 'cn')(text);
const toTraditional: Convert = (text) => converter('cn', 't')(text);
/**
 * OpenCC's own Traditional forms differ from Taiwan's and Hong Kong's standards in some characters (羣/群, 臺/台):
 * text written in those standards is Traditional Chinese too ("社群貼文", "電商平台"). Taiwan's and Hong Kong's
 * forms are reached from OpenCC's Traditional ones (small variant tables) rather than with their own Simplified
 * → Taiwan/Hong Kong converters, which would each hold another copy of the Simplified → Traditional tables
 * (~40 MB each). On 112,432 strings (every phrase of OpenCC's tables and the zh, zh-tw and ja locale texts),
 * what {@link hanForms} says is the same either way (hanScript.test.ts keeps a sample).
 */
const toTaiwan: Convert = (text) => converter('t', 'tw')(toTraditional(text));
const toHongKong: Convert = (text) => converter('t', 'hk')(toTraditional(text));

/** `text` in Simplified Chinese forms (OpenCC's Traditional → Simplified tables); other characters unchanged. */
export function toSimplifiedChinese(text: string): string {
  return toSimplified(text);
}

/** What the characters of a Han-only text allow. */
export interface HanForms {
  /** Every character is written the same way in Japanese. */
  japanese: boolean;
  /** Every character is written the same way in Simplified Chinese. */
  simplified: boolean;
  /** Every character is written the same way in Traditional Chinese (OpenCC's, Taiwan's or Hong Kong's standard). */
  traditional: boolean;
}

/** Which scripts write `text` exactly as it is (see {@link HanForms}). */
export function hanForms(text: string): HanForms {
  return {
    japanese: converter('cn', 'jp')(text) === text && converter('t', 'jp')(text) === text,
    simplified: toSimplified(text) === text,
    traditional: toTraditional(text) === text || toTaiwan(text) === text || toHongKong(text) === text,
  };
}

/**
 * 'jpn' or 'zho' for a text whose letters are all Han characters (see the file comment for the rule).
 * `hint`: the ISO 639-3 code of the user's interface language.
 * @example japaneseOrChinese('負符号') // 'jpn' (Japanese forms only)
 * @example japaneseOrChinese('水族館') // 'zho' (Traditional Chinese writes it too)
 * @example japaneseOrChinese('水族館', 'jpn') // 'jpn'
 * @example japaneseOrChinese('我们的水族馆', 'jpn') // 'zho'
 */
export function japaneseOrChinese(text: string, hint?: string): 'jpn' | 'zho' {
  const forms = hanForms(text);
  if (forms.japanese && !forms.simplified && !forms.traditional) return 'jpn';
  // Japanese words Chinese does not have ("名前", "日付", "火曜日"), unless only Simplified Chinese writes the text.
  if ((forms.japanese || forms.traditional) && readsAsJapaneseWords(text, toSimplified, forms.simplified && forms.japanese)) return 'jpn';
  if (hint === 'jpn' && (forms.japanese || forms.traditional)) return 'jpn';
  return 'zho';
}
