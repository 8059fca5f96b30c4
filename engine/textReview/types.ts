/**
 * The sensitive-word lists the project owns (server/config/sensitive-words.json, SPEC §5 "A local sensitive-word
 * list per language (English, Simplified and Traditional Chinese) is loaded from a config file").
 */
export interface SensitiveWordLists {
  /** English (and other space-separated Latin-script) words and phrases: matched as whole words, any case. */
  en: string[];
  /** Simplified Chinese entries of 2+ Han characters: matched as substrings. */
  zh: string[];
  /** Traditional Chinese entries of 2+ Han characters: matched as substrings. */
  'zh-tw': string[];
  /** Innocent words that contain a listed entry (逼真, 性感, 操场): a match lying inside one of them does not count. */
  allow: string[];
}

/** Keys of {@link SensitiveWordLists}, in file order. */
export const WORD_LIST_KEYS = ['en', 'zh', 'zh-tw', 'allow'] as const;

/** What a review says about one text. */
export interface TextReviewResult {
  /** True when nothing on the lists was found. */
  compliant: boolean;
  /** The offending words as they appear in the text (first spelling of each, in text order, no repeats). */
  matches: string[];
}

/** A matcher built once from the lists, used for many texts. */
export interface TextReviewer {
  /** Reviews one text; the empty text is compliant. */
  review(text: string): TextReviewResult;
  /** Masks exactly the spans {@link review} found (allow-list respected), one `char` per code point. */
  mask(text: string, char?: string): string;
}

/** A found occurrence: [start, end) in UTF-16 units of the original text. */
export interface Span {
  start: number;
  end: number;
}
