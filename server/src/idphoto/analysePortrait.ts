/**
 * Everything the ID photo maker and head extraction need to know about a portrait: the face
 * (BlazeFace + FaceMesh + Iris), the pose checks, the person matte (IS-Net, cached per photo), the
 * roll correction and the crown. Problems fail with the SPEC §8 code of engine/idphoto/checks.ts,
 * so the task is refunded and the page shows advice.
 */
import sharp from 'sharp';
import {
  ID_PHOTO_PROBLEM_CODES,
  POSE_LIMITS,
  SECOND_FACE_MIN_SHARE,
  HEAD_TOP_MIN_GAP_PX,
  problemMessage,
  type IdPhotoAdvice,
  type IdPhotoProblem,
} from '../../../engine/idphoto/checks';
import type { HeadMeasure } from '../../../engine/idphoto/layout';
import { ResultCode } from '../../../engine/spec/errors';
import { UPLOAD_MAX_PIXELS } from '../../../engine/spec/limits';
import { cutoutOf } from '../backgrounds/cutoutCache';
import type { RawImage } from '../backgrounds/render';
import { ApiError } from '../envelope';
import { detectFaces, type FaceFound } from '../models/human/faceLandmarks';
import { detectObjects } from '../models/products/centernet';
import { findChin } from './chin';
import { faceFindings, headwear, objectInFront, raisedHands } from './compliance';
import { findCrown } from './crown';
import { mainPersonGate } from './personGate';
import { Upright, type Plane } from './upright';

/** Faces are searched on a copy at most this long on its longer side (BlazeFace works at 256 px anyway). */
const DETECT_MAX_SIDE = 1280;

/** A failed check: the task fails with the problem's code and `idphoto:<problem>` in its message. */
export function problem(name: IdPhotoProblem, detail = ''): ApiError {
  return new ApiError(ID_PHOTO_PROBLEM_CODES[name], problemMessage(name, detail));
}

export interface PortraitAnalysis {
  /** Source (EXIF-upright) size. */
  width: number;
  height: number;
  face: FaceFound;
  /** How many faces were found (all sizes). */
  faceCount: number;
  upright: Upright;
  /** Head measures in the upright frame. */
  head: HeadMeasure;
  faceWidth: number;
  /** The cut-out (RGBA, decontaminated edges) with the alpha limited to the main person. */
  cutout: RawImage;
  /** What the compliance checks found (compliance.ts); empty when `checkCompliance` was off. */
  advice: IdPhotoAdvice[];
}

/** The photo as the face search saw it: RGB, at most DETECT_MAX_SIDE long, `scale` = its px per source px. */
export interface SmallPhoto {
  data: Uint8Array;
  width: number;
  height: number;
  scale: number;
}

/** Finds the faces of an encoded photo, in its upright pixel coordinates. */
export async function findFaces(input: Buffer): Promise<{ faces: FaceFound[]; width: number; height: number; small: SmallPhoto }> {
  let small;
  try {
    small = await sharp(input, { failOn: 'error', limitInputPixels: UPLOAD_MAX_PIXELS })
      .rotate()
      .toColourspace('srgb')
      .flatten({ background: '#ffffff' })
      .resize(DETECT_MAX_SIDE, DETECT_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new ApiError(ResultCode.PARAMS_INVALID, 'the input is not a readable image');
  }
  const meta = await sharp(input).metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? small.info.width;
  const height = (turned ? meta.width : meta.height) ?? small.info.height;
  const scale = small.info.width / width;
  const data = new Uint8Array(small.data.buffer, small.data.byteOffset, small.data.length);
  const faces = await detectFaces(data, small.info.width, small.info.height, scale);
  return { faces, width, height, small: { data, width: small.info.width, height: small.info.height, scale } };
}

/** The one face an ID photo may have; the problem when there is none, several, or a turned one. */
export function checkFaces(faces: FaceFound[]): FaceFound {
  if (faces.length === 0) throw problem('noFace');
  const main = faces[0];
  const others = faces.slice(1).filter((f) => f.box[2] >= SECOND_FACE_MIN_SHARE * main.box[2]);
  if (others.length > 0) throw problem('severalFaces', `${others.length + 1} faces`);
  if (Math.abs(main.yawDeg) > POSE_LIMITS.yawDeg || Math.abs(main.pitchDeg) > POSE_LIMITS.pitchDeg) {
    throw problem('faceTurned', `yaw ${main.yawDeg.toFixed(1)}°, pitch ${main.pitchDeg.toFixed(1)}°`);
  }
  if (Math.abs(main.rollDeg) > POSE_LIMITS.rollDeg) throw problem('faceTilted', `roll ${main.rollDeg.toFixed(1)}°`);
  return main;
}

const dist = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * Analyses a portrait for an ID photo or a head cut-out. `minSourceHead` (px) fails with
 * photoTooSmall when the head is smaller in the source (it would have to be enlarged too much).
 */
export async function analysePortrait(
  input: Buffer,
  options: { minSourceHead?: number; onProgress?: (f: number) => void; checkPose?: boolean; checkCompliance?: boolean } = {},
): Promise<PortraitAnalysis> {
  const onProgress = options.onProgress ?? (() => undefined);
  const { faces, width, height, small } = await findFaces(input);
  // A photo shorter than the smallest head it must yield cannot hold that head, face or no face.
  if (options.minSourceHead && Math.max(width, height) < options.minSourceHead) {
    throw problem('photoTooSmall', `photo ${width}×${height} px, head needs ${Math.round(options.minSourceHead)} px`);
  }
  const face =
    options.checkPose === false
      ? (faces[0] ??
        (() => {
          throw problem('noFace');
        })())
      : checkFaces(faces);
  onProgress(0.15);

  const eyeCentre = { x: (face.eyes[0].x + face.eyes[1].x) / 2, y: (face.eyes[0].y + face.eyes[1].y) / 2 };
  const upright = new Upright(eyeCentre, face.rollDeg);
  const forehead = upright.toUpright(face.forehead);
  const faceWidth = dist(face.mesh[234], face.mesh[454]) || face.box[2];

  const raw = await cutoutOf(input, (f) => onProgress(0.15 + 0.7 * f));
  const cutout = { ...raw, data: Buffer.from(raw.data) }; // the cache's copy stays untouched
  const alpha: Plane = { data: new Uint8Array(raw.width * raw.height), width: raw.width, height: raw.height };
  for (let i = 0, j = 3; i < alpha.data.length; i++, j += 4) alpha.data[i] = cutout.data[j];
  // Other people and objects that touch nobody are not part of the ID photo.
  mainPersonGate(alpha, eyeCentre, cutout.data);

  const crown = findCrown(alpha, upright, eyeCentre.x, forehead.y, faceWidth);
  const crownGapFromEdge = crownDistanceToTop(upright, eyeCentre.x, crown.crownY);
  if (crown.touchesEdge || crownGapFromEdge < HEAD_TOP_MIN_GAP_PX) throw problem('headAtTop');
  // The visible chin (jaw contour + the step to the neck's shadow), not mesh point 152 alone (chin.ts).
  const chin = findChin(face.mesh, upright, cutout, eyeCentre.y, faceWidth).chin;
  const head: HeadMeasure = { crownY: crown.crownY, chinY: chin.y, centreX: eyeCentre.x, eyeY: eyeCentre.y };
  if (options.minSourceHead && head.chinY - head.crownY < options.minSourceHead) {
    throw problem('photoTooSmall', `head ${Math.round(head.chinY - head.crownY)} px, needs ${Math.round(options.minSourceHead)} px`);
  }
  const advice = options.checkCompliance === false ? [] : await complianceOf(face, small, cutout, alpha, upright, head, faceWidth);
  onProgress(0.9);
  return { width, height, face, faceCount: faces.length, upright, head, faceWidth, cutout, advice };
}

/** The compliance findings (compliance.ts), the COCO detector run on the head's surroundings only. */
async function complianceOf(
  face: FaceFound,
  small: SmallPhoto,
  cutout: RawImage,
  alpha: Plane,
  upright: Upright,
  head: HeadMeasure,
  faceWidth: number,
): Promise<IdPhotoAdvice[]> {
  const found = faceFindings(face, cutout);
  if (raisedHands(alpha, upright, head, faceWidth)) found.push('raisedHands');
  if (headwear(face, cutout, alpha, upright, head, faceWidth)) found.push('headwear');
  // Objects: a square around the face, twice its size, on the small copy the faces were found on.
  const [bx, by, bw, bh] = face.box.map((v) => v * small.scale);
  const side = Math.round(Math.min(Math.max(small.width, small.height), 2.2 * Math.max(bw, bh)));
  const left = Math.round(Math.max(0, Math.min(small.width - side, bx + bw / 2 - side / 2)));
  const top = Math.round(Math.max(0, Math.min(small.height - side, by + bh / 2 - side / 2)));
  const w = Math.min(side, small.width - left);
  const h = Math.min(side, small.height - top);
  if (w > 16 && h > 16) {
    const crop = new Uint8Array(w * h * 3);
    for (let y = 0; y < h; y++) crop.set(small.data.subarray(((top + y) * small.width + left) * 3, ((top + y) * small.width + left + w) * 3), y * w * 3);
    try {
      const detections = await detectObjects(crop, w, h);
      // Boxes back to the small copy's pixels; the face's lower part (eyes to chin) is what must stay clear.
      const boxes = detections.map((d) => ({
        ...d,
        box: [left + d.box[0] * w, top + d.box[1] * h, d.box[2] * w, d.box[3] * h] as [number, number, number, number],
      }));
      const eyeY = Math.min(face.eyes[0].y, face.eyes[1].y) * small.scale;
      const lowerFace: [number, number, number, number] = [bx, eyeY, bw, Math.max(1, face.chin.y * small.scale - eyeY)];
      if (objectInFront(boxes, lowerFace)) found.push('objectInFront');
    } catch (err) {
      // The detector is advice only: a photo is never refused because it failed to load.
      console.warn('idphoto: object detector failed:', err instanceof Error ? err.message : err);
    }
  }
  return found;
}

/** Rows between the crown and the photo's top edge, straight up in the upright frame. */
function crownDistanceToTop(upright: Upright, x: number, crownY: number): number {
  let gap = 0;
  for (let y = crownY - 1; ; y--) {
    const p = upright.toSource({ x, y });
    if (p.y < 0 || p.x < 0) return gap;
    if (++gap > HEAD_TOP_MIN_GAP_PX) return gap;
  }
}
