import { maskSpans } from './spans';
import { foldedView, originalSpan } from './textView';
import type { Span } from './types';
import { isWordLike, wholeWordRegex } from './wholeWord';

/**
 * Masks every occurrence of each of `matches` in `text` (SPEC §5 "Matches can be masked with a replacement
 * character repeated per letter"): each occurrence becomes `char` once per Unicode code point, so "FUCK" →
 * "****" and "傻逼" → "**". Case is ignored. A word-like match (Latin letters at both ends) is masked only as a
 * whole word, as the reviewer matched it, so masking "ass" leaves "class" alone; other matches (Chinese, or
 * with symbols such as "傻*逼") are masked wherever they occur.
 * The allow-list is not known here: use `TextReviewer.mask` to mask exactly what a review found.
 */
export function maskText(text: string, matches: readonly string[], char = '*'): string {
  if (typeof text !== 'string' || text.length === 0) return text;
  const words = matches.filter((match) => typeof match === 'string' && match.trim().length > 0);
  const spans: Span[] = [];

  const wordRegex = wholeWordRegex(words.filter(isWordLike));
  if (wordRegex) for (const match of text.matchAll(wordRegex)) spans.push({ start: match.index, end: match.index + match[0].length });

  const raw = foldedView(text, false);
  for (const word of words.filter((w) => !isWordLike(w))) {
    const needle = foldedView(word, false).text;
    for (let at = raw.text.indexOf(needle); at !== -1; at = raw.text.indexOf(needle, at + 1)) {
      spans.push(originalSpan(raw, at, at + needle.length));
    }
  }
  return maskSpans(text, spans, char);
}
