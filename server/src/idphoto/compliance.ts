/**
 * What an ID photo's reader would object to, found with the models the product ships (issue 26
 * item 4, issue 29 item 5): the face mesh and iris (mouth, gaze, eye regions, cheeks), the person
 * matte (arms raised beside or above the head) and the COCO detector (a thing held in front of the
 * face). Each finding is a name of engine/idphoto/checks.ts ID_PHOTO_ADVICE; whether it refuses the
 * photo or only advises is the template's rule (adviceAction there).
 *
 * The thresholds are ratios of the face's own measures (face height, eye width, cheek brightness), so
 * they do not depend on the photo's size or exposure. They were set on the tuning portraits
 * (server/src/idphoto/portraits.ts) and synthetic changes of them (checks in compliance.test.ts).
 */
import type { HeadMeasure } from '../../../engine/idphoto/layout';
import type { IdPhotoAdvice } from '../../../engine/idphoto/checks';
import type { FaceFound, Point } from '../models/human/faceLandmarks';
import { PERSON_ALPHA } from './crown';
import type { Plane, Upright } from './upright';

/** Mesh points (MediaPipe topology). */
const M = {
  forehead: 10,
  chin: 152,
  lipUpperInner: 13,
  lipLowerInner: 14,
  eyeA: { outer: 33, inner: 133, upper: 159, lower: 145 },
  eyeB: { outer: 263, inner: 362, upper: 386, lower: 374 },
  cheekA: 205,
  cheekB: 425,
  noseTip: 1,
} as const;

/** Lips apart by more than this share of the face height (forehead point to chin): mouth open. */
export const MOUTH_OPEN_SHARE = 0.045;
/** Iris off the eye's middle by more than this share of the eye's width, both eyes together: looking aside. */
export const GAZE_OFF_SHARE = 0.14;
/** Eye regions darker than this share of the cheeks, both eyes: sunglasses. */
export const SUNGLASSES_DARK_SHARE = 0.42;
/** Share of near-white pixels in the lens area above which a reflection hides the eyes. */
export const GLARE_SHARE = 0.05;
/** The darker cheek below this share of the brighter one: a shadow across the face. */
export const SHADOW_SHARE = 0.55;
/** Person pixels beside or above the head, as a share of those zones: raised arms or hands. */
export const RAISED_SHARE = 0.08;

type Rgba = { data: Uint8Array | Buffer; width: number; height: number };

const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const lumaAt = (img: Rgba, x: number, y: number): number | null => {
  const ix = Math.round(x);
  const iy = Math.round(y);
  if (ix < 0 || iy < 0 || ix >= img.width || iy >= img.height) return null;
  const o = (iy * img.width + ix) * 4;
  return 0.299 * img.data[o] + 0.587 * img.data[o + 1] + 0.114 * img.data[o + 2];
};

/** Luminance samples of a square patch (source px) around `c`, half side `r`, on a 9×9 grid. */
function patch(img: Rgba, c: Point, r: number): number[] {
  const out: number[] = [];
  for (let j = -4; j <= 4; j++) {
    for (let i = -4; i <= 4; i++) {
      const v = lumaAt(img, c.x + (i / 4) * r, c.y + (j / 4) * r);
      if (v !== null) out.push(v);
    }
  }
  return out;
}
const mean = (v: number[]) => (v.length ? v.reduce((s, x) => s + x, 0) / v.length : 0);

/** The mesh-based findings (no model beyond the face mesh): mouth, gaze, sunglasses, glare, shadow. */
export function faceFindings(face: FaceFound, img: Rgba): IdPhotoAdvice[] {
  const m = face.mesh;
  const found: IdPhotoAdvice[] = [];
  const faceH = Math.max(1, dist(m[M.forehead], m[M.chin]));
  if (dist(m[M.lipUpperInner], m[M.lipLowerInner]) / faceH > MOUTH_OPEN_SHARE) found.push('mouthOpen');

  const eyes = [M.eyeA, M.eyeB].map((e) => {
    const a = m[e.outer];
    const b = m[e.inner];
    return { a, b, mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, width: Math.max(1, dist(a, b)) };
  });
  // Gaze: each iris (the one nearer that eye's middle) along the corner-to-corner line, 0.5 = centred.
  if (m.length >= 478) {
    const irises = [m[468], m[473]];
    let off = 0;
    for (const e of eyes) {
      const iris = dist(irises[0], e.mid) <= dist(irises[1], e.mid) ? irises[0] : irises[1];
      const left = e.a.x <= e.b.x ? e.a : e.b;
      const right = e.a.x <= e.b.x ? e.b : e.a;
      const t = ((iris.x - left.x) * (right.x - left.x) + (iris.y - left.y) * (right.y - left.y)) / (dist(left, right) ** 2 || 1);
      off += (t - 0.5) / 2;
    }
    if (Math.abs(off) > GAZE_OFF_SHARE) found.push('gazeAside');
  }

  const cheeks = [mean(patch(img, m[M.cheekA], 0.06 * faceH)), mean(patch(img, m[M.cheekB], 0.06 * faceH))];
  const cheek = Math.max(1, (cheeks[0] + cheeks[1]) / 2);
  const eyeL = eyes.map((e) => mean(patch(img, e.mid, 0.35 * e.width)));
  if (eyeL.every((v) => v < SUNGLASSES_DARK_SHARE * cheek)) found.push('sunglasses');

  // Glare: near-white pixels over the lens area (a little wider than the eye), when the skin is not itself blown out.
  const lens = eyes.flatMap((e) => patch(img, e.mid, 0.6 * e.width));
  const white = lens.filter((v) => v >= 245).length / Math.max(1, lens.length);
  if (white > GLARE_SHARE && cheek < 225) found.push('glassesGlare');

  if (Math.min(cheeks[0], cheeks[1]) < SHADOW_SHARE * Math.max(cheeks[0], cheeks[1])) found.push('faceShadow');
  return found;
}

/**
 * Raised arms or hands from the person matte: person pixels in the zones beside the head (beyond
 * the reach of hair, down to the eyes, above the shoulders) and above it.
 */
export function raisedHands(alpha: Plane, upright: Upright, head: HeadMeasure, faceWidth: number): boolean {
  const headH = Math.max(1, head.chinY - head.crownY);
  let on = 0;
  let total = 0;
  const step = Math.max(1, headH / 40);
  const count = (x: number, y: number) => {
    const p = upright.toSource({ x, y });
    const ix = Math.round(p.x);
    const iy = Math.round(p.y);
    if (ix < 0 || iy < 0 || ix >= alpha.width || iy >= alpha.height) return;
    total++;
    if (alpha.data[iy * alpha.width + ix] >= PERSON_ALPHA) on++;
  };
  for (let y = head.crownY; y <= head.eyeY; y += step) {
    for (let d = 1.2 * faceWidth; d <= 2.2 * faceWidth; d += step) {
      count(head.centreX - d, y);
      count(head.centreX + d, y);
    }
  }
  for (let y = head.crownY - 0.6 * headH; y <= head.crownY - 0.05 * headH; y += step) {
    for (let d = -2.2 * faceWidth; d <= 2.2 * faceWidth; d += step) count(head.centreX + d, y);
  }
  return total > 0 && on / total > RAISED_SHARE;
}

/**
 * Headwear: the band between the hairline and the crown differs both from the hair beside the
 * temples and from the skin. Says nothing when no hair shows beside the face (nothing to compare).
 */
export function headwear(face: FaceFound, img: Rgba, alpha: Plane, upright: Upright, head: HeadMeasure, faceWidth: number): boolean {
  const colour = (points: Point[]): [number, number, number] | null => {
    const acc = [0, 0, 0];
    let n = 0;
    for (const q of points) {
      const p = upright.toSource(q);
      const ix = Math.round(p.x);
      const iy = Math.round(p.y);
      if (ix < 0 || iy < 0 || ix >= img.width || iy >= img.height || alpha.data[iy * alpha.width + ix] < PERSON_ALPHA) continue;
      const o = (iy * img.width + ix) * 4;
      acc[0] += img.data[o];
      acc[1] += img.data[o + 1];
      acc[2] += img.data[o + 2];
      n++;
    }
    return n >= 6 ? [acc[0] / n, acc[1] / n, acc[2] / n] : null;
  };
  const forehead = upright.toUpright(face.forehead);
  const topPts: Point[] = [];
  for (let t = 0.25; t <= 0.75; t += 0.1)
    for (let dx = -0.2; dx <= 0.2; dx += 0.05) topPts.push({ x: head.centreX + dx * faceWidth, y: head.crownY + t * (forehead.y - head.crownY) });
  const sidePts: Point[] = [];
  for (const s of [-1, 1])
    for (let d = 0.58; d <= 0.75; d += 0.04)
      for (let t = -0.1; t <= 0.1; t += 0.05) sidePts.push({ x: head.centreX + s * d * faceWidth, y: head.eyeY + t * faceWidth });
  const skinPts = [upright.toUpright(face.mesh[M.cheekA]), upright.toUpright(face.mesh[M.cheekB])];
  const top = colour(topPts);
  const side = colour(sidePts);
  const skin = colour(
    skinPts.flatMap((c) => [-1, 0, 1].flatMap((i) => [-1, 0, 1].map((j) => ({ x: c.x + i * 0.03 * faceWidth, y: c.y + j * 0.03 * faceWidth })))),
  );
  if (!top || !side || !skin) return false;
  const d = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
  // Far from the hair at the temples and from the skin, and a tall band (a hat sits higher than hair).
  return d(top, side) > 70 && d(top, skin) > 60 && forehead.y - head.crownY > 0.3 * (head.chinY - head.crownY);
}

/** COCO labels of things a person may hold in front of the face (a microphone comes out as one of these). */
export const HELD_OBJECTS = new Set([
  'bottle',
  'wine glass',
  'cup',
  'fork',
  'knife',
  'spoon',
  'bowl',
  'banana',
  'apple',
  'sandwich',
  'orange',
  'carrot',
  'hot dog',
  'pizza',
  'donut',
  'cake',
  'cell phone',
  'remote',
  'toothbrush',
  'hair drier',
  'scissors',
  'teddy bear',
  'sports ball',
  'baseball bat',
  'tennis racket',
  'book',
  'umbrella',
  'frisbee',
  'mouse',
  'clock',
  'vase',
  'kite',
]);
/** Least detector score that counts. */
export const OBJECT_MIN_SCORE = 0.3;

/**
 * True when a detected held object covers part of the face (its box overlaps the face's box between
 * the eyes and the chin by at least a fifth of the object's own box). Boxes in the same pixels.
 */
export function objectInFront(
  detections: { label: string; score: number; box: [number, number, number, number] }[],
  faceBox: [number, number, number, number],
): boolean {
  const [fx, fy, fw, fh] = faceBox;
  return detections.some((d) => {
    if (!HELD_OBJECTS.has(d.label) || d.score < OBJECT_MIN_SCORE) return false;
    const [x, y, w, h] = d.box;
    const ix = Math.max(0, Math.min(x + w, fx + fw) - Math.max(x, fx));
    const iy = Math.max(0, Math.min(y + h, fy + fh) - Math.max(y, fy));
    return w * h > 0 && (ix * iy) / (w * h) >= 0.2;
  });
}
