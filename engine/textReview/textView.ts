import type { Span } from './types';

/**
 * Characters people put inside a word to slip past a filter ("傻*逼", "傻 逼"). Sentence punctuation (，。、,?!)
 * is left out on purpose: skipping it would join the end of one clause to the start of the next.
 */
const NOISE = /[\s*_.\-·~@#$%^&+=|/\\＊＿．－～]/u;

/** True for one code point that {@link foldedView} skips in compact mode. */
export const isNoise = (ch: string): boolean => NOISE.test(ch);

/** A case-folded copy of a text that remembers where each of its UTF-16 units came from. */
export interface FoldedView {
  text: string;
  /** origin[i] = index in the original text of unit i of `text`. */
  origin: number[];
}

/**
 * Lower-cases `text` code point by code point, keeping its length (a code point whose lower case has another
 * length, like 'İ', is kept as is), so positions map back exactly. With `skipNoise`, {@link isNoise} characters
 * are dropped, which lets "傻*逼" be found as 傻逼.
 */
export function foldedView(text: string, skipNoise: boolean): FoldedView {
  let out = '';
  const origin: number[] = [];
  let index = 0;
  for (const ch of text) {
    if (!(skipNoise && isNoise(ch))) {
      const lower = ch.toLowerCase();
      out += lower.length === ch.length ? lower : ch;
      for (let unit = 0; unit < ch.length; unit++) origin.push(index + unit);
    }
    index += ch.length;
  }
  return { text: out, origin };
}

/** Maps [start, end) of a folded view back to the original text. */
export function originalSpan(view: FoldedView, start: number, end: number): Span {
  return { start: view.origin[start], end: view.origin[end - 1] + 1 };
}

/** Removes noise characters and folds case: how list entries are stored for compact matching. */
export const compactEntry = (entry: string): string => foldedView(entry, true).text;

/** Number of Unicode code points (what one mask character stands for). */
export const codePointCount = (text: string): number => {
  let count = 0;
  for (const _ of text) count++;
  return count;
};
