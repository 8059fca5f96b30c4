/**
 * Whole-word matching for space-separated scripts, with Unicode-aware boundaries (the same idea as
 * @2toad/profanity's `wholeWord` + `unicodeWordBoundaries`): a word may not touch another letter, digit or mark,
 * so "Scunthorpe", "cockpit" and "class" never match shorter entries. Han, kana and Hangul do count as
 * boundaries, because a Latin word written inside Chinese or Japanese text ("你是bitch吗") has no spaces around it.
 */
const NON_SPACED_SCRIPTS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const WORD_CHAR = `(?:(?![${NON_SPACED_SCRIPTS}])[\\p{L}\\p{N}\\p{M}])`;
const WORD_CHAR_RE = new RegExp(`^${WORD_CHAR}$`, 'u');

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An entry as a pattern: any run of white space in it matches any run of white space in the text. */
const entryPattern = (entry: string): string => entry.trim().split(/\s+/u).map(escapeRegExp).join('\\s+');

/**
 * One global, case-insensitive regex for all `entries` as whole words; null when there are none.
 * Longer entries come first, so "child porn" wins over "porn".
 */
export function wholeWordRegex(entries: readonly string[]): RegExp | null {
  const patterns = [...new Set(entries.map(entryPattern).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (patterns.length === 0) return null;
  return new RegExp(`(?<!${WORD_CHAR})(?:${patterns.join('|')})(?!${WORD_CHAR})`, 'giu');
}

/** True when `text` starts and ends with a word character of a space-separated script (see module comment). */
export function isWordLike(text: string): boolean {
  const points = [...text];
  return points.length > 0 && WORD_CHAR_RE.test(points[0]) && WORD_CHAR_RE.test(points[points.length - 1]);
}
