import { buildPhraseMatcher } from './phraseMatcher';
import { maskSpans } from './spans';
import { compactEntry, foldedView, originalSpan } from './textView';
import type { SensitiveWordLists, Span, TextReviewer, TextReviewResult } from './types';
import { wholeWordRegex } from './wholeWord';
import { normalizeWordLists } from './wordLists';

/**
 * Builds a reviewer from the project's word lists (SPEC §5):
 * - `en`: whole words, case-insensitive (see wholeWord.ts), on the text as written;
 * - `zh` and `zh-tw`: substrings (Aho-Corasick), case-folded, also across noise characters ("傻*逼");
 * - `allow`: a match that lies entirely inside an occurrence of an allowed word does not count
 *   (逼真, 性感, 操场); a match that only overlaps one still counts.
 * The lists are cleaned with normalizeWordLists first, so junk single Han characters never reach the matcher.
 */
export function createTextReviewer(lists: SensitiveWordLists): TextReviewer {
  const clean = normalizeWordLists(lists).lists;
  const english = wholeWordRegex(clean.en);
  const chinese = buildPhraseMatcher([...clean.zh, ...clean['zh-tw']].map(compactEntry));
  const allowRaw = buildPhraseMatcher(clean.allow.map((entry) => foldedView(entry, false).text));
  const allowCompact = buildPhraseMatcher(clean.allow.map(compactEntry));

  function findSpans(text: string): Span[] {
    if (typeof text !== 'string' || text.length === 0) return [];
    const raw = foldedView(text, false);
    const compact = foldedView(text, true);
    const found: Span[] = [];
    if (english) {
      for (const match of text.matchAll(english)) found.push({ start: match.index, end: match.index + match[0].length });
    }
    for (const hit of chinese(compact.text)) found.push(originalSpan(compact, hit.start, hit.end));
    if (found.length === 0) return found;

    const allowed = [
      ...allowRaw(raw.text).map((hit) => originalSpan(raw, hit.start, hit.end)),
      ...allowCompact(compact.text).map((hit) => originalSpan(compact, hit.start, hit.end)),
    ];
    return found.filter((span) => !allowed.some((allow) => allow.start <= span.start && span.end <= allow.end));
  }

  return {
    review(text: string): TextReviewResult {
      const spans = findSpans(text).sort((a, b) => a.start - b.start);
      const seen = new Set<string>();
      const matches: string[] = [];
      for (const { start, end } of spans) {
        const word = text.slice(start, end);
        const key = word.toLowerCase();
        if (seen.has(key)) continue;
        seen.add(key);
        matches.push(word);
      }
      return { compliant: matches.length === 0, matches };
    },
    mask(text: string, char = '*'): string {
      return typeof text === 'string' ? maskSpans(text, findSpans(text), char) : text;
    },
  };
}
