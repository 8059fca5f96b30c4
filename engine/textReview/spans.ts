import { codePointCount } from './textView';
import type { Span } from './types';

/** Sorts spans and joins overlapping or touching ones. */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** Replaces every span of `text` with `char` repeated once per code point of the span. */
export function maskSpans(text: string, spans: readonly Span[], char: string): string {
  let out = '';
  let last = 0;
  for (const { start, end } of mergeSpans(spans)) {
    out += text.slice(last, start) + char.repeat(codePointCount(text.slice(start, end)));
    last = end;
  }
  return out + text.slice(last);
}
