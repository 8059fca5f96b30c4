import { CONFUSABLES } from './confusables';

/**
 * The normalised copy of a text that the matchers search, with the origin of every unit so that a match maps
 * back to the text as written (for `matches` and masking).
 */
export interface NormalizedView {
  text: string;
  /** start[i], end[i]: the UTF-16 range of the original text that unit i of `text` came from. */
  start: number[];
  end: number[];
}

/** Zero-width and other format characters (ZWSP, ZWJ, ZWNJ, soft hyphen, BOM, bidi controls), and variation selectors. */
// biome-ignore lint/suspicious/noMisleadingCharacterClass: each listed code point stands alone (a set of invisible characters, no sequences)
const INVISIBLE = /^[\p{Cf}\u180B-\u180F\uFE00-\uFE0F\u{E0100}-\u{E01EF}\u115F\u1160\u3164\uFFA0]$/u;
const MARK = /\p{M}/gu;

/**
 * Normalises one code point: NFKC (full-width "ｆｕｃｋ", mathematical "𝐟𝐮𝐜𝐤", circled "ⓕ" and Kangxi radicals "⾊"
 * become plain letters), accents removed (NFD, then combining marks dropped: "fück" → "fuck", and strike-through
 * marks disappear), lower case, and look-alike letters of other scripts folded ({@link CONFUSABLES}).
 * Invisible characters become the empty string.
 */
export function normalizeCodePoint(ch: string): string {
  if (INVISIBLE.test(ch) || /^\p{M}$/u.test(ch)) return '';
  const plain = ch.normalize('NFKC').normalize('NFD').replace(MARK, '').toLowerCase();
  let out = '';
  for (const part of plain) out += CONFUSABLES[part] ?? part;
  return out;
}

/**
 * The normalised view of `text` (see {@link normalizeCodePoint}), code point by code point, so positions map back
 * exactly even when one character becomes several ("ﬁ" → "fi") or none (a zero-width space).
 */
export function normalizedView(text: string): NormalizedView {
  let out = '';
  const start: number[] = [];
  const end: number[] = [];
  let index = 0;
  for (const ch of text) {
    const folded = normalizeCodePoint(ch);
    out += folded;
    for (let unit = 0; unit < folded.length; unit++) {
      start.push(index);
      end.push(index + ch.length);
    }
    index += ch.length;
  }
  return { text: out, start, end };
}

/** Maps [from, to) of a normalised view back to the original text. */
export function viewSpan(view: NormalizedView, from: number, to: number): { start: number; end: number } {
  return { start: view.start[from], end: view.end[to - 1] };
}
