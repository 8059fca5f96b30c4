/**
 * Objects cut by the photo's edge, for the extender (extendFill.ts): a classical fill cannot tell an object from the
 * background, so the half of a person, a cup's rim or a cat's ears at the edge used to continue into the new border
 * (mirrored, then patched). Given the photo's subject mask (extendSubject.ts: IS-Net, the cut-out model), they are
 * taken out of what the border continues:
 *
 * 1. in the strip: the subject pixels of the strip along an extended side (the part of the photo the border
 *    continues) are taken out, whether the edge cuts them or they sit a few pixels inside it; a side whose edge line
 *    is mostly subject (OBJECT_MAX_EDGE_SHARE; the top: almost all, OBJECT_MAX_TOP_EDGE_SHARE) is left as it was:
 *    a body goes on beyond the bottom or a side of the frame, while a head ends soon above it;
 * 2. taken out: each object pixel of the strip is replaced, line by line parallel to the side, by the background on
 *    either side of the object at the same depth (linear between the two, or the one side there is), so the mirrored
 *    continuation and the patches continue the wall behind the object, not the object;
 * 3. never a source: extendFill also keeps every subject pixel out of the patch sources, so no part of the subject
 *    (a dog's tail) is cloned into the border.
 */
import { type PhotoRect, stripOf } from './extendMirror';
import type { FloatImage } from './smooth';

/**
 * Sides whose edge line is more than this share object are left as they are: a body cut by the bottom or a side
 * of the frame goes on beyond it (chelsea's chest and flank), and replacing it by the background beside it left a
 * grey shelf under the cat.
 */
export const OBJECT_MAX_EDGE_SHARE = 0.5;
/**
 * The same for the top side: what the top edge cuts is a head or the top of a thing, which ends soon above the frame
 * (at 0.5 chelsea's top, 75 % cat, was skipped and the head continued upwards as two more ears); only an edge that
 * is almost all subject is left as it is.
 */
export const OBJECT_MAX_TOP_EDGE_SHARE = 0.9;
export interface CutObjects {
  /** Canvas-sized: 1 where a photo pixel of a strip belongs to an object cut by the border. */
  mask: Uint8Array;
  /** The canvas with those pixels replaced by the background beside them (a copy; the input is not changed). */
  cleaned: FloatImage;
  /** Object pixels found. */
  count: number;
}

/** One extended side, as lines parallel to it: `line(t)` lists the canvas indices of the photo's line at depth t. */
interface Side {
  depth: number;
  /** The share of the edge line above which the side is left as it is. */
  maxEdgeShare: number;
  line: (t: number) => Int32Array;
}

function sidesOf(rect: PhotoRect, cw: number, ch: number, w: number): Side[] {
  const { left: L, top: T, width: W, height: H } = rect;
  const row = (y: number) => Int32Array.from({ length: W }, (_, k) => y * w + L + k);
  const col = (x: number) => Int32Array.from({ length: H }, (_, k) => (T + k) * w + x);
  const sides: Side[] = [];
  if (T > 0) sides.push({ depth: stripOf(H), maxEdgeShare: OBJECT_MAX_TOP_EDGE_SHARE, line: (t) => row(T + t) });
  if (T + H < ch) sides.push({ depth: stripOf(H), maxEdgeShare: OBJECT_MAX_EDGE_SHARE, line: (t) => row(T + H - 1 - t) });
  if (L > 0) sides.push({ depth: stripOf(W), maxEdgeShare: OBJECT_MAX_EDGE_SHARE, line: (t) => col(L + t) });
  if (L + W < cw) sides.push({ depth: stripOf(W), maxEdgeShare: OBJECT_MAX_EDGE_SHARE, line: (t) => col(L + W - 1 - t) });
  return sides;
}

/**
 * Object pixels of one side's strip: every subject pixel in it (the mirrored continuation repeats the whole strip, so
 * a cup rim a few pixels inside the edge is mirrored into the border as surely as one the edge cuts). Empty when the
 * subject covers most of the edge line.
 */
function sideObjects(side: Side, subject: Uint8Array): Int32Array {
  const edgeLine = side.line(0);
  let onEdge = 0;
  for (const i of edgeLine) onEdge += subject[i];
  if (onEdge > side.maxEdgeShare * edgeLine.length) return new Int32Array(0);
  const out: number[] = [];
  for (let t = 0; t < side.depth; t++) for (const i of side.line(t)) if (subject[i]) out.push(i);
  return Int32Array.from(out);
}

/**
 * Replaces the object pixels of each line by the background beside them on the same line; a line that is object
 * from end to end (deep in the strip of a close-up) takes the line before it (`previous`, already cleaned).
 */
function cleanLine(img: FloatImage, line: Int32Array, isObject: (i: number) => boolean, previous: Int32Array | null): void {
  const { data, channels: c } = img;
  const n = line.length;
  if (previous && line.every((i) => isObject(i))) {
    for (let k = 0; k < n; k++) for (let ch = 0; ch < c; ch++) data[line[k] * c + ch] = data[previous[k] * c + ch];
    return;
  }
  const mean = (from: number, dir: number) => {
    // Up to 4 background pixels from `from` outward: less noise than one pixel.
    const acc = new Float32Array(c);
    let count = 0;
    for (let k = from; k >= 0 && k < n && count < 4; k += dir) {
      if (isObject(line[k])) break;
      for (let ch = 0; ch < c; ch++) acc[ch] += data[line[k] * c + ch];
      count++;
    }
    return acc.map((v) => v / Math.max(1, count));
  };
  let k = 0;
  while (k < n) {
    if (!isObject(line[k])) {
      k++;
      continue;
    }
    let end = k;
    while (end < n && isObject(line[end])) end++;
    const before = k > 0 ? mean(k - 1, -1) : null;
    const after = end < n ? mean(end, 1) : null;
    if (before || after) {
      for (let j = k; j < end; j++) {
        const f = before && after ? (j - k + 1) / (end - k + 1) : before ? 0 : 1;
        for (let ch = 0; ch < c; ch++) data[line[j] * c + ch] = (before ?? after!)[ch] * (1 - f) + (after ?? before!)[ch] * f;
      }
    }
    k = end;
  }
}

/**
 * Finds the objects cut by the extended sides of the photo at `rect` in `img` (the canvas, float pixels; `subject` is
 * canvas-sized, 1 = subject) and returns the canvas with them replaced by the background beside them. Only photo
 * pixels of the strips along extended sides are ever changed, and only in the returned copy.
 */
export function cutObjects(img: FloatImage, rect: PhotoRect, subject: Uint8Array): CutObjects {
  const { width: w, height: h } = img;
  const mask = new Uint8Array(w * h);
  const sides = sidesOf(rect, w, h, w);
  for (const side of sides) for (const i of sideObjects(side, subject)) mask[i] = 1;
  const cleaned: FloatImage = { ...img, data: new Float32Array(img.data) };
  for (const side of sides) {
    for (let t = 0; t < side.depth; t++) cleanLine(cleaned, side.line(t), (i) => mask[i] === 1, t > 0 ? side.line(t - 1) : null);
  }
  let count = 0;
  for (let i = 0; i < mask.length; i++) count += mask[i];
  return { mask, cleaned, count };
}
