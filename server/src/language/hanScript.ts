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

let converters: {
  toTraditional: Convert;
  toTaiwan: Convert;
  toHongKong: Convert;
  toSimplified: Convert;
  simplifiedToJapanese: Convert;
  traditionalToJapanese: Convert;
} | null = null;

/** The four OpenCC converters, built once on first use (~6 MB of tables, loaded only for Han prompts). */
function openCC() {
  if (!converters) {
    const { Converter } = createRequire(import.meta.url)('opencc-js') as OpenCCModule;
    converters = {
      toTraditional: Converter({ from: 'cn', to: 't' }),
      // OpenCC's own Traditional forms differ from Taiwan's and Hong Kong's standards in some characters (羣/群,
      // 臺/台): text written in those standards is Traditional Chinese too ("社群貼文", "電商平台").
      toTaiwan: Converter({ from: 'cn', to: 'tw' }),
      toHongKong: Converter({ from: 'cn', to: 'hk' }),
      toSimplified: Converter({ from: 't', to: 'cn' }),
      simplifiedToJapanese: Converter({ from: 'cn', to: 'jp' }),
      traditionalToJapanese: Converter({ from: 't', to: 'jp' }),
    };
  }
  return converters;
}

/** `text` in Simplified Chinese forms (OpenCC's Traditional → Simplified tables); other characters unchanged. */
export function toSimplifiedChinese(text: string): string {
  return openCC().toSimplified(text);
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
  const cc = openCC();
  return {
    japanese: cc.simplifiedToJapanese(text) === text && cc.traditionalToJapanese(text) === text,
    simplified: cc.toSimplified(text) === text,
    traditional: cc.toTraditional(text) === text || cc.toTaiwan(text) === text || cc.toHongKong(text) === text,
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
  if ((forms.japanese || forms.traditional) && readsAsJapaneseWords(text, openCC().toSimplified, forms.simplified && forms.japanese)) return 'jpn';
  if (hint === 'jpn' && (forms.japanese || forms.traditional)) return 'jpn';
  return 'zho';
}
