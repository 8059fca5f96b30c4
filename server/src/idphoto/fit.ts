/**
 * Keeps an ID photo's frame on the photo (issue 26: in 9 of 49 outputs the body ended in a straight,
 * tilted edge with empty background beyond it, because the crop reached past the photo's edge).
 *
 * Output pixels whose source lies outside the photo are harmless where the photo's edge there is
 * background (the template's colour continues it). Where the person runs into the edge (the body cut
 * off by the bottom of a head-and-shoulders photo), render.ts continues the clothing straight on
 * (edge samples), which looks right for a short way: up to EXTEND_BOTTOM of the frame's height below
 * and EXTEND_SIDE of its width at the sides. A placement needing more is replaced by the nearest
 * in-band one (head size and top margin inside the template's bands) that needs no more; a bigger head
 * needs less body, so the largest in-band head is the last resort. When none fits, the photo is refused
 * with `bodyCut` and advice to use one that shows the shoulders.
 */
import { placeHead, type HeadMeasure, type IdPhotoAdjust, type IdPhotoPlacement } from '../../../engine/idphoto/layout';
import type { IdPhotoTemplate } from '../../../engine/idphoto/template';
import { PERSON_ALPHA } from './crown';
import type { Plane, Upright } from './upright';

/** How much of the frame may be continued clothing: rows below the photo, columns beside it. */
export const EXTEND_BOTTOM = 0.12;
export const EXTEND_SIDE = 0.05;
/** Output grid step when the frame is checked (px). */
const STEP = 4;

export interface Overflow {
  /** Deepest continued clothing below / beside the photo, as shares of the frame's height / width. */
  bottom: number;
  side: number;
  /** Share of the frame that is continued clothing. */
  area: number;
}

/**
 * Where a placement makes the frame reach past the photo with the person running into that edge.
 * `alpha` is the person matte; `k` maps source px to alpha px (the matte may be stored smaller).
 */
export function overflowOf(placement: IdPhotoPlacement, upright: Upright, alpha: Plane, k = 1): Overflow {
  const { outWidth: W, outHeight: H, scale, originX, originY } = placement;
  const sw = alpha.width;
  const sh = alpha.height;
  let bottom = 0;
  let side = 0;
  let hits = 0;
  let total = 0;
  for (let oy = STEP / 2; oy < H; oy += STEP) {
    for (let ox = STEP / 2; ox < W; ox += STEP) {
      total++;
      const p = upright.toSource({ x: originX + ox / scale, y: originY + oy / scale });
      const x = p.x * k;
      const y = p.y * k;
      const outX = x < 0 ? -x : x > sw - 1 ? x - (sw - 1) : 0;
      const outY = y > sh - 1 ? y - (sh - 1) : 0;
      if (outX === 0 && outY === 0) continue;
      const cx = Math.min(sw - 1, Math.max(0, Math.round(x)));
      const cy = Math.min(sh - 1, Math.max(0, Math.round(y)));
      if (alpha.data[cy * sw + cx] < PERSON_ALPHA) continue;
      hits++;
      // Output px per alpha px is scale / k.
      bottom = Math.max(bottom, (outY * scale) / k / H);
      side = Math.max(side, (outX * scale) / k / W);
    }
  }
  return { bottom, side, area: total ? hits / total : 0 };
}

const fits = (o: Overflow) => o.bottom <= EXTEND_BOTTOM && o.side <= EXTEND_SIDE;

/** Candidate adjustments, tried nearest to the user's first. */
function candidates(a: IdPhotoAdjust): IdPhotoAdjust[] {
  const steps = [0, 0.25, 0.5, 0.75, 1];
  const list: IdPhotoAdjust[] = [];
  for (const headSize of steps) for (const topMargin of steps) list.push({ headSize, topMargin, shiftX: a.shiftX });
  if (a.shiftX !== 0) for (const headSize of steps) for (const topMargin of steps) list.push({ headSize, topMargin, shiftX: 0 });
  const cost = (c: IdPhotoAdjust) => Math.abs(c.headSize - a.headSize) + 0.5 * Math.abs(c.topMargin - a.topMargin) + 2 * Math.abs(c.shiftX - a.shiftX);
  return list.sort((p, q) => cost(p) - cost(q));
}

export interface FittedPlacement {
  placement: IdPhotoPlacement;
  /** The adjustment used (differs from the asked one when that needed too much body). */
  adjust: IdPhotoAdjust;
  overflow: Overflow;
  /** True when the asked adjustment was replaced. */
  moved: boolean;
}

/** The placement for `adjust`, or the nearest in-band one that stays on the photo; null when none does. */
export function fitPlacement(
  template: IdPhotoTemplate,
  head: HeadMeasure,
  adjust: IdPhotoAdjust,
  upright: Upright,
  alpha: Plane,
  k = 1,
): FittedPlacement | null {
  const first = placeHead(template, head, adjust);
  const o = overflowOf(first, upright, alpha, k);
  if (fits(o)) return { placement: first, adjust, overflow: o, moved: false };
  for (const c of candidates(adjust)) {
    const placement = placeHead(template, head, c);
    const oc = overflowOf(placement, upright, alpha, k);
    if (fits(oc)) return { placement, adjust: c, overflow: oc, moved: true };
  }
  return null;
}
