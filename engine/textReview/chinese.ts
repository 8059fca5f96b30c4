import { buildPhraseMatcher } from './phraseMatcher';
import type { NormalizedView } from './normalize';
import type { Span } from './types';

/**
 * Chinese matching by words, not substrings (issue 13): 红色情人节海报 contains the characters 色情 but its words are
 * 红色|情人节|海报, so nothing listed is there. A listed term counts when it is a word (or a run of whole words) of
 * the segmented text, or lies inside one word (色情图片); it does not count when it straddles a word boundary and
 * cuts into a word on either side (红色|情人节, 暖色|情调, 異|性|交往, 蛋黄|片).
 * Terms containing a character that is itself vulgar ({@link VULGAR_CHARACTERS}: 傻逼, 婊子, 强奸) are never part
 * of an innocent word, so they keep the substring rule and need no segmenter.
 */

/** Splits a run of Han characters into words; the words must join back into the input. */
export type Segmenter = (text: string) => string[];

/** Characters with no innocent use inside a listed term: a term containing one matches as a plain substring. */
export const VULGAR_CHARACTERS = '逼屄肏屌婊奸姦淫嫖娼掰';

const HAN = /\p{Script=Han}/u;
/** Gaps up to this many code points between two Han characters are skipped ("色，情", "色a情", "色😀情", "色 * 情"). */
const MAX_GAP = 3;
/** Stands for a longer gap in the Han view: no term matches across it. */
const BREAK = '\n';

/** True when `term` keeps the substring rule (see {@link VULGAR_CHARACTERS}). */
export const matchesAnywhere = (term: string): boolean => [...term].some((ch) => VULGAR_CHARACTERS.includes(ch));

/** The Han characters of a normalised view, with short gaps of anything else removed, and where each came from. */
export interface HanView {
  text: string;
  /** Index in the normalised view of each unit of `text` (-1 for a break). */
  origin: number[];
  /** Offsets in `text` where something else (punctuation, a space, a letter, an emoji) was skipped. */
  gaps: number[];
}

/** Builds the {@link HanView} of a normalised view. */
export function hanView(view: NormalizedView): HanView {
  let text = '';
  const origin: number[] = [];
  const gaps: number[] = [];
  let gap = 0;
  let index = 0;
  for (const ch of view.text) {
    if (HAN.test(ch)) {
      if (gap > MAX_GAP && text.length > 0) {
        text += BREAK;
        origin.push(-1);
      } else if (gap > 0 && text.length > 0) {
        gaps.push(text.length);
      }
      gap = 0;
      text += ch;
      for (let unit = 0; unit < ch.length; unit++) origin.push(index + unit);
    } else {
      gap++;
    }
    index += ch.length;
  }
  return { text, origin, gaps };
}

/**
 * Word boundaries (UTF-16 offsets in the Han view). Where the user put anything between two Han characters
 * (punctuation, a space, a letter) the pieces are segmented apart: the writer marked a boundary there, and a
 * term split across such a boundary counts when both pieces' words align with it ("色，情图片": 色|情|图片),
 * while "红色，情人节" still reads 红色|情人节.
 */
function boundariesOf(han: HanView, segment: Segmenter): Set<number> {
  const cuts = [...new Set([0, ...han.gaps, ...[...han.text].flatMap((ch, i) => (ch === BREAK ? [i, i + 1] : [])), han.text.length])].sort((a, b) => a - b);
  const bounds = new Set<number>(cuts);
  for (let k = 0; k + 1 < cuts.length; k++) {
    const piece = han.text.slice(cuts[k], cuts[k + 1]);
    if (!piece || piece === BREAK) continue;
    let at = cuts[k];
    for (const word of segment(piece)) {
      at += word.length;
      bounds.add(at);
    }
  }
  return bounds;
}

/** `fold` applied where it keeps the length (every position still maps to the text as written). */
const foldKeepingLength = (text: string, fold?: (han: string) => string): string => {
  if (!fold) return text;
  const folded = fold(text);
  return folded.length === text.length ? folded : text;
};

/**
 * Builds the Chinese matcher over the given terms; `segment` absent = terms needing words are not checked.
 * `fold` (traditional → simplified on the server) is applied to the terms and to the text before matching and
 * segmenting, so both scripts are read alike.
 */
export function buildChineseMatcher(terms: readonly string[], segment?: Segmenter, fold?: (han: string) => string): (view: NormalizedView) => Span[] {
  const matcher = buildPhraseMatcher([...new Set(terms.map((term) => foldKeepingLength(term, fold)))]);
  return (view) => {
    const written = hanView(view);
    if (!written.text) return [];
    const han = { ...written, text: foldKeepingLength(written.text, fold) };
    const hits = matcher(han.text);
    let bounds: Set<number> | null = null;
    const found: Span[] = [];
    for (const hit of hits) {
      if (!matchesAnywhere(hit.phrase)) {
        // In the browser there is no segmenter: the server's review (which has one) decides these terms.
        if (!segment) continue;
        bounds ??= boundariesOf(han, segment);
        const aligned = bounds.has(hit.start) && bounds.has(hit.end);
        let straddles = false;
        for (let at = hit.start + 1; at < hit.end; at++) if (bounds.has(at)) straddles = true;
        if (straddles && !aligned) continue;
      }
      const from = han.origin[hit.start];
      const to = han.origin[hit.end - 1] + 1;
      found.push({ start: view.start[from], end: view.end[to - 1] });
    }
    return found;
  };
}
