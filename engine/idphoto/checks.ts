/**
 * The checks an ID photo must pass before it is cropped (issue 18): each problem has a SPEC §8
 * result code (what the task fails with, so the charge is refunded) and a stable name the page
 * turns into a message with advice. The server puts the name in the task's message as
 * `idphoto:<problem>`; `problemFromMessage` reads it back on the page.
 */
import { ResultCode } from '../spec/errors';

export const ID_PHOTO_PROBLEMS = [
  'noFace',
  'severalFaces',
  'faceTurned',
  'faceTilted',
  'headAtTop',
  'photoTooSmall',
  'templateUnknown',
  'bodyCut',
  'sunglasses',
  'raisedHands',
  'analysisGone',
] as const;
export type IdPhotoProblem = (typeof ID_PHOTO_PROBLEMS)[number];

/** Result code each problem fails the task with. */
export const ID_PHOTO_PROBLEM_CODES: Record<IdPhotoProblem, number> = {
  noFace: ResultCode.GPU_BODY_DETECT_FAILED,
  severalFaces: ResultCode.GPU_BODY_DETECT_FAILED,
  faceTurned: ResultCode.PRE_PROCESS_FAILED,
  faceTilted: ResultCode.PRE_PROCESS_FAILED,
  headAtTop: ResultCode.PRE_PROCESS_FAILED,
  photoTooSmall: ResultCode.PARAMS_INVALID,
  templateUnknown: ResultCode.PARAMS_INVALID,
  bodyCut: ResultCode.PRE_PROCESS_FAILED,
  sunglasses: ResultCode.PRE_PROCESS_FAILED,
  raisedHands: ResultCode.PRE_PROCESS_FAILED,
  analysisGone: ResultCode.PARAMS_INVALID,
};

/**
 * What the compliance checks look for in an accepted portrait (issue 26 item 4, issue 29 item 5),
 * found with the face mesh and iris, the person matte and the COCO detector (server/src/idphoto/compliance.ts).
 */
export const ID_PHOTO_ADVICE = ['sunglasses', 'headwear', 'raisedHands', 'mouthOpen', 'gazeAside', 'objectInFront', 'glassesGlare', 'faceShadow'] as const;
export type IdPhotoAdvice = (typeof ID_PHOTO_ADVICE)[number];

/** Document kinds whose rules are an authority's (passport, visa, ID card…), not a custom. */
const OFFICIAL_KINDS = new Set(['passport', 'visa', 'idCard', 'residence', 'drivingLicence', 'onlineUpload']);

/**
 * Refused on official documents: sunglasses are never accepted there, and their detector (eyes far
 * darker than the cheeks) is the sure one. Everything else is advice: headwear is allowed for religious
 * or medical reasons; raised hands are found from the person matte, which cannot tell an arm from a
 * neighbour's head touching the person (2 of 16 held-out group-photo crops), so they advise rather than
 * refuse; the others are judged by the photo's reader. On general templates (résumé, "pas foto")
 * everything is advice.
 */
const REFUSED_ON_OFFICIAL: ReadonlySet<IdPhotoAdvice> = new Set(['sunglasses']);

/** Whether a finding refuses the photo for this template or only advises. */
export function adviceAction(template: { kind: string }, advice: IdPhotoAdvice): 'refuse' | 'advise' {
  return OFFICIAL_KINDS.has(template.kind) && REFUSED_ON_OFFICIAL.has(advice) ? 'refuse' : 'advise';
}

/** The first finding that refuses the photo for this template, or null. */
export function refusingAdvice(template: { kind: string }, found: readonly IdPhotoAdvice[]): (IdPhotoAdvice & IdPhotoProblem) | null {
  const hit = found.find((a) => adviceAction(template, a) === 'refuse');
  return (hit as (IdPhotoAdvice & IdPhotoProblem) | undefined) ?? null;
}

/** Reads a comma-separated advice list (header or JSON), keeping known names only. */
export function parseAdvice(raw: unknown): IdPhotoAdvice[] {
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
  return list.map((s) => String(s).trim()).filter((s): s is IdPhotoAdvice => (ID_PHOTO_ADVICE as readonly string[]).includes(s));
}

/** Limits of the pose checks, in degrees. Roll up to ROLL is corrected by rotating the photo. */
export const POSE_LIMITS = { yawDeg: 25, pitchDeg: 25, rollDeg: 20 } as const;
/**
 * A second face counts when its box is at least this share of the main face's width; smaller faces
 * far behind are background and are replaced with it.
 */
export const SECOND_FACE_MIN_SHARE = 0.5;
/** The head's top must be at least this many source rows below the photo's top edge. */
export const HEAD_TOP_MIN_GAP_PX = 2;

const PREFIX = 'idphoto:';

/** The task message for a problem: machine-readable prefix, then English detail for the logs. */
export function problemMessage(problem: IdPhotoProblem, detail = ''): string {
  return `${PREFIX}${problem}${detail ? ` ${detail}` : ''}`;
}

/** The problem named in a task's failure message, or null when it is another failure. */
export function problemFromMessage(message: string | null | undefined): IdPhotoProblem | null {
  if (!message) return null;
  const at = message.indexOf(PREFIX);
  if (at < 0) return null;
  const name = message.slice(at + PREFIX.length).split(/[\s:]/)[0];
  return (ID_PHOTO_PROBLEMS as readonly string[]).includes(name) ? (name as IdPhotoProblem) : null;
}
