import { buildChineseMatcher, type Segmenter } from './chinese';
import { gluedWordFinder } from './gluedWords';
import { allowedPhrasesRegex, latinEntriesRegex } from './latinPatterns';
import { normalizedView, viewSpan } from './normalize';
import { buildPhraseMatcher } from './phraseMatcher';
import { maskSpans } from './spans';
import type { SensitiveWordLists, Span, TextReviewer, TextReviewResult } from './types';
import { normalizeWordLists } from './wordLists';

/** What a reviewer may be given besides the lists. */
export interface TextReviewerOptions {
  /**
   * A Chinese word segmenter (the server passes jieba). Without one, Chinese terms that can straddle innocent
   * words (色情 in 红色情人节) are left to the server's review, and only terms with a vulgar character are matched;
   * `(text) => [text]` matches every term as a substring (the browser, when no server answers).
   */
  segment?: Segmenter;
  /**
   * Folds Han text to one script, code point for code point (the server passes traditional → simplified), so that
   * 紅色情人節 is segmented as 红色情人节 is and a term listed in one script matches the other. A fold that changes
   * a text's length is ignored for that text.
   */
  foldScript?: (han: string) => string;
  /** True for a dictionary word (the server passes its English lexicon): finds listed words glued to others. */
  isWord?: (word: string) => boolean;
}

/** Runs of letters of space-separated scripts (Han, kana and Hangul end a run, as in whole-word matching). */
const LETTER_RUN = /(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])\p{L})+/gu;

const HAN = /\p{Script=Han}/u;

/**
 * Builds a reviewer from the project's word lists (SPEC §5, issue 13). The text is normalised first (normalize.ts:
 * NFKC, accents and invisible characters removed, lower case, look-alike letters folded), then:
 * - `en`: whole words with their disguises and inflections (latinPatterns.ts: l33t, repeats, separators, spacing),
 *   and, given a dictionary, glued to other words (gluedWords.ts: "uglybitch", not "grapejuice");
 * - `zh` and `zh-tw`: by words (chinese.ts), across punctuation, spaces, letters or emoji put inside;
 * - `allow`: a match that lies entirely inside an occurrence of an allowed phrase does not count (逼真, 性感,
 *   "pussy willow", "bastard sword"); a match that only overlaps one still counts.
 * Every match maps back to the text as written, so `matches` and `mask` show the user's own spelling.
 */
export function createTextReviewer(lists: SensitiveWordLists, options: TextReviewerOptions = {}): TextReviewer {
  const clean = normalizeWordLists(lists).lists;
  const english = latinEntriesRegex(clean.en);
  const chinese = buildChineseMatcher(
    [...clean.zh, ...clean['zh-tw']].map((term) => normalizedView(term).text),
    options.segment,
    options.foldScript,
  );
  const glued = options.isWord
    ? gluedWordFinder(
        clean.en.map((entry) => normalizedView(entry).text),
        options.isWord,
      )
    : null;
  const allowLatin = allowedPhrasesRegex(clean.allow.filter((entry) => !HAN.test(entry)).map((entry) => normalizedView(entry).text));
  const allowHan = buildPhraseMatcher(clean.allow.filter((entry) => HAN.test(entry)).map((entry) => normalizedView(entry).text.replace(/\s+/gu, '')));

  function findSpans(text: string): Span[] {
    if (typeof text !== 'string' || text.length === 0) return [];
    const view = normalizedView(text);
    const found: Span[] = [];
    if (english) for (const match of view.text.matchAll(english)) found.push(viewSpan(view, match.index, match.index + match[0].length));
    if (glued) {
      for (const run of view.text.matchAll(LETTER_RUN)) {
        const span = viewSpan(view, run.index, run.index + run[0].length);
        if (found.some((hit) => hit.start < span.end && span.start < hit.end)) continue;
        if (glued.find(run[0])) found.push(span);
      }
    }
    found.push(...chinese(view));
    if (found.length === 0) return found;

    const allowed: Span[] = [];
    if (allowLatin) for (const match of view.text.matchAll(allowLatin)) allowed.push(viewSpan(view, match.index, match.index + match[0].length));
    for (const hit of allowHan(view.text)) allowed.push(viewSpan(view, hit.start, hit.end));
    return found.filter((span) => !allowed.some((allow) => allow.start <= span.start && span.end <= allow.end));
  }

  return {
    review(text: string): TextReviewResult {
      const spans = findSpans(text).sort((a, b) => a.start - b.start || b.end - a.end);
      const seen = new Set<string>();
      const matches: string[] = [];
      let coveredTo = -1;
      for (const { start, end } of spans) {
        // A span inside one already listed (妈的 inside 他妈的) adds nothing.
        if (end <= coveredTo) continue;
        coveredTo = Math.max(coveredTo, end);
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
