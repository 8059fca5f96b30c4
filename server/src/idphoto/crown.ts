/**
 * The crown (top of the hair) from the person mask, never from the face box or mesh point 10
 * (which sits at the hairline: on curly hair the crown is ~100 px higher, models-segmentation.md).
 * Columns around the face centre are walked upwards, in the upright frame, from the forehead point
 * until the mask turns off; the crown is the highest of them (a low percentile, so one stray hair
 * does not count).
 */
import { sampleNearest, type Plane, type Upright } from './upright';

/** Alpha at or above this counts as person. */
export const PERSON_ALPHA = 128;
/** The mask must stay off this many rows in a row before the walk stops (gaps between curls). */
const OFF_RUN = 4;
/** Half width of the column band, as a share of the face width. */
const BAND_HALF_WIDTH = 0.2;
const COLUMNS = 21;

export interface CrownResult {
  /** Upright y of the crown. */
  crownY: number;
  /** True when some column ran into the photo's edge before the hair ended: the head is cut off. */
  touchesEdge: boolean;
}

/**
 * Walks up from the forehead in columns `centreX ± 0.2 × faceWidth` (upright frame).
 * @param foreheadY upright y where the walk starts (mesh point 10, inside the hair-or-skin region)
 */
export function findCrown(alpha: Plane, upright: Upright, centreX: number, foreheadY: number, faceWidth: number): CrownResult {
  const tops: number[] = [];
  let touchesEdge = false;
  for (let c = 0; c < COLUMNS; c++) {
    const x = centreX + (c / (COLUMNS - 1) - 0.5) * 2 * BAND_HALF_WIDTH * faceWidth;
    let top = foreheadY;
    let off = 0;
    for (let y = foreheadY; ; y -= 1) {
      const p = upright.toSource({ x, y });
      const a = sampleNearest(alpha, p.x, p.y);
      if (a < 0) {
        // Left the photo while still inside the head (or within a gap shorter than OFF_RUN).
        if (off < OFF_RUN) touchesEdge = true;
        break;
      }
      if (a >= PERSON_ALPHA) {
        top = y;
        off = 0;
      } else if (++off >= OFF_RUN) break;
    }
    tops.push(top);
  }
  tops.sort((p, q) => p - q);
  // Second-highest column of 21: one stray hair or a mask speck above the head does not count.
  return { crownY: tops[1] ?? tops[0], touchesEdge };
}
