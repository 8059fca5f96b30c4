/**
 * The chin an ID photo rule means: the lowest point of the VISIBLE chin, where the jaw's skin ends
 * above the (shaded) neck. FaceMesh's point 152 sits on the mesh's own chin, which on most portraits
 * lies a few percent of the head above the real one (issue 26: heads came out 2-3 points too large),
 * and on a lowered head it can land on the collar. So:
 *
 * 1. the mesh's jaw contour (17 points from ear to ear) is fitted with a parabola in the upright frame,
 *    and its vertex is the contour's chin (not point 152 alone, and no fixed offset);
 * 2. the luminance profile straight down through that vertex is searched, a little above and below it,
 *    for the strongest bright-to-dark step (lit chin above, its shadow on the neck below): the visible
 *    chin's edge. When no clear step exists (neck as bright as the chin) the contour's chin stays.
 */
import type { Point } from '../models/human/faceLandmarks';
import type { Upright } from './upright';

/** Jaw contour of the MediaPipe mesh, ear to ear through 152 (the lower half of the face oval). */
export const JAW_CONTOUR = [132, 58, 172, 136, 150, 149, 176, 148, 152, 377, 400, 378, 379, 365, 397, 288, 361] as const;

/** Search window around the contour's chin, as shares of the eye-to-chin distance. */
const SEARCH_UP = 0.04;
const SEARCH_DOWN = 0.1;
/** Half height of the step looked for, share of the eye-to-chin distance. */
const STEP_HALF = 0.035;
/** Half width of the band of columns averaged, share of the face width. */
const BAND_HALF = 0.1;
/** The step must be at least this much darker below (0-255 luminance) to count as the chin's edge. */
const MIN_STEP = 10;

export interface ChinEstimate {
  /** Upright chin point used for the layout. */
  chin: Point;
  /** The contour's chin (parabola vertex) and whether the image step moved it. */
  contourY: number;
  refined: boolean;
}

/** Least-squares parabola y = a x² + b x + c through the points (x centred on `x0`). */
function fitParabola(points: Point[], x0: number): { a: number; b: number; c: number } | null {
  let s0 = 0,
    s1 = 0,
    s2 = 0,
    s3 = 0,
    s4 = 0,
    t0 = 0,
    t1 = 0,
    t2 = 0;
  for (const p of points) {
    const x = p.x - x0;
    const x2 = x * x;
    s0 += 1;
    s1 += x;
    s2 += x2;
    s3 += x2 * x;
    s4 += x2 * x2;
    t0 += p.y;
    t1 += x * p.y;
    t2 += x2 * p.y;
  }
  // Normal equations [s4 s3 s2; s3 s2 s1; s2 s1 s0] [a b c]ᵀ = [t2 t1 t0]ᵀ, solved by Cramer's rule.
  const det3 = (m: number[]) => m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6]);
  const M = [s4, s3, s2, s3, s2, s1, s2, s1, s0];
  const d = det3(M);
  if (!Number.isFinite(d) || Math.abs(d) < 1e-9) return null;
  const a = det3([t2, s3, s2, t1, s2, s1, t0, s1, s0]) / d;
  const b = det3([s4, t2, s2, s3, t1, s1, s2, t0, s0]) / d;
  const c = det3([s4, s3, t2, s3, s2, t1, s2, s1, t0]) / d;
  return { a, b, c };
}

/**
 * The visible chin in the upright frame.
 * @param mesh the face mesh in source pixels
 * @param rgba the photo (RGBA, source size) whose luminance is searched
 * @param eyeY upright y of the eye line
 * @param faceWidth cheek-to-cheek width, source px
 */
export function findChin(
  mesh: readonly Point[],
  upright: Upright,
  rgba: { data: Uint8Array | Buffer; width: number; height: number },
  eyeY: number,
  faceWidth: number,
): ChinEstimate {
  const mesh152 = upright.toUpright(mesh[152]);
  const pts = JAW_CONTOUR.map((i) => upright.toUpright(mesh[i]));
  let contour = mesh152;
  const fit = fitParabola(pts, mesh152.x);
  if (fit && fit.a > 0) {
    const vx = -fit.b / (2 * fit.a);
    // Only a vertex near the chin's column is believable (a flat fit can put it far to one side).
    if (Math.abs(vx) < 0.25 * faceWidth) contour = { x: mesh152.x + vx, y: Math.max(mesh152.y, fit.c - (fit.b * fit.b) / (4 * fit.a)) };
  }
  const d = Math.max(1, contour.y - eyeY);
  const { data, width, height } = rgba;
  const lum = (y: number): number | null => {
    let sum = 0;
    let n = 0;
    const half = BAND_HALF * faceWidth;
    const step = Math.max(1, half / 8);
    for (let dx = -half; dx <= half; dx += step) {
      const p = upright.toSource({ x: contour.x + dx, y });
      const ix = Math.round(p.x);
      const iy = Math.round(p.y);
      if (ix < 0 || iy < 0 || ix >= width || iy >= height) continue;
      const o = (iy * width + ix) * 4;
      sum += 0.299 * data[o] + 0.587 * data[o + 1] + 0.114 * data[o + 2];
      n++;
    }
    return n ? sum / n : null;
  };
  const s = Math.max(1, STEP_HALF * d);
  let best = 0;
  let bestY = contour.y;
  for (let y = contour.y - SEARCH_UP * d; y <= contour.y + SEARCH_DOWN * d; y += Math.max(0.5, d / 200)) {
    let above = 0;
    let below = 0;
    let ok = true;
    // Mean over the step's half height on each side: one bright pixel row is not an edge.
    for (let k = 1; k <= 4 && ok; k++) {
      const a = lum(y - (k * s) / 4);
      const b = lum(y + (k * s) / 4);
      if (a === null || b === null) ok = false;
      else {
        above += a / 4;
        below += b / 4;
      }
    }
    if (!ok) continue;
    const stepDown = above - below;
    if (stepDown > best) {
      best = stepDown;
      bestY = y;
    }
  }
  if (best >= MIN_STEP) return { chin: { x: contour.x, y: bestY }, contourY: contour.y, refined: true };
  return { chin: contour, contourY: contour.y, refined: false };
}
