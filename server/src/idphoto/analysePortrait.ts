/**
 * Everything the ID photo maker and head extraction need to know about a portrait: the face
 * (BlazeFace + FaceMesh + Iris), the pose checks, the person matte (IS-Net, cached per photo), the
 * roll correction and the crown. Problems fail with the SPEC §8 code of engine/idphoto/checks.ts,
 * so the task is refunded and the page shows advice.
 */
import sharp from 'sharp';
import { ID_PHOTO_PROBLEM_CODES, POSE_LIMITS, SECOND_FACE_MIN_SHARE, HEAD_TOP_MIN_GAP_PX, problemMessage, type IdPhotoProblem } from '../../../engine/idphoto/checks';
import type { HeadMeasure } from '../../../engine/idphoto/layout';
import { ResultCode } from '../../../engine/spec/errors';
import { UPLOAD_MAX_PIXELS } from '../../../engine/spec/limits';
import { cutoutOf } from '../backgrounds/cutoutCache';
import type { RawImage } from '../backgrounds/render';
import { ApiError } from '../envelope';
import { detectFaces, type FaceFound } from '../models/human/faceLandmarks';
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
}

/** Finds the faces of an encoded photo, in its upright pixel coordinates. */
export async function findFaces(input: Buffer): Promise<{ faces: FaceFound[]; width: number; height: number }> {
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
  const faces = await detectFaces(new Uint8Array(small.data.buffer, small.data.byteOffset, small.data.length), small.info.width, small.info.height, scale);
  return { faces, width, height };
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
export async function analysePortrait(input: Buffer, options: { minSourceHead?: number; onProgress?: (f: number) => void; checkPose?: boolean } = {}): Promise<PortraitAnalysis> {
  const onProgress = options.onProgress ?? (() => undefined);
  const { faces, width, height } = await findFaces(input);
  // A photo shorter than the smallest head it must yield cannot hold that head, face or no face.
  if (options.minSourceHead && Math.max(width, height) < options.minSourceHead) {
    throw problem('photoTooSmall', `photo ${width}×${height} px, head needs ${Math.round(options.minSourceHead)} px`);
  }
  const face = options.checkPose === false ? (faces[0] ?? (() => { throw problem('noFace'); })()) : checkFaces(faces);
  onProgress(0.15);

  const eyeCentre = { x: (face.eyes[0].x + face.eyes[1].x) / 2, y: (face.eyes[0].y + face.eyes[1].y) / 2 };
  const upright = new Upright(eyeCentre, face.rollDeg);
  const chin = upright.toUpright(face.chin);
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
  const head: HeadMeasure = { crownY: crown.crownY, chinY: chin.y, centreX: eyeCentre.x, eyeY: eyeCentre.y };
  if (options.minSourceHead && head.chinY - head.crownY < options.minSourceHead) {
    throw problem('photoTooSmall', `head ${Math.round(head.chinY - head.crownY)} px, needs ${Math.round(options.minSourceHead)} px`);
  }
  onProgress(0.9);
  return { width, height, face, faceCount: faces.length, upright, head, faceWidth, cutout };
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
