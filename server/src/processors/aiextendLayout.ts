/**
 * Params and frame layout of the image extender (task type `aiextend`): which canvas the photo is extended to and
 * where the photo sits in it. Pure functions, shared by the processor and its tests.
 *
 * Limits (our choice; the SPEC leaves them open):
 * - A preset ratio gives the smallest frame of that shape around the photo (one side grows, the other stays).
 * - A custom size is whole pixels, each side at least the photo's side (the photo is never cropped or scaled) and at
 *   most EXTEND_CUSTOM_MAX_SIDE = 4096 px.
 * - Every frame holds at most EXTEND_MAX_AREA_FACTOR = 4× the photo's area (beyond that the picture would be mostly
 *   invented by a classical fill) and at most UPLOAD_MAX_PIXELS in all; and it must add at least one pixel.
 */
import { ResultCode } from '../../../engine/spec/errors';
import { UPLOAD_MAX_PIXELS } from '../../../engine/spec/limits';
import { ApiError } from '../envelope';
import { EXTEND_CUSTOM_MAX_SIDE, EXTEND_MAX_AREA_FACTOR, parseTaskParams, type ExtendRatio } from '../../../engine/spec/tasks';

// The ratios are the task table's (engine/spec/tasks); the type is re-exported for this file's importers.
export type { ExtendRatio } from '../../../engine/spec/tasks';
export interface ExtendParams {
  ratio: ExtendRatio;
  width?: number;
  height?: number;
  /** Where the photo sits in the new frame: 0 = left/top edge, 1 = right/bottom edge. */
  position: { x: number; y: number };
}

/** The new canvas and the photo's top-left corner in it. */
export interface ExtendLayout {
  width: number;
  height: number;
  left: number;
  top: number;
}

const invalid = (message: string) => new ApiError(ResultCode.PARAMS_INVALID, message);

/** Validates the task params against the task table (extra keys such as inputKey are ignored); bad values → PARAMS_INVALID. */
export function parseExtendParams(params: Record<string, unknown>): ExtendParams {
  const parsed = parseTaskParams('aiextend', params);
  if (!parsed.ok) throw invalid(parsed.message);
  const { width, height, ...rest } = parsed.value;
  // Absent sides stay absent (not `undefined` keys), as callers compare the params as a whole.
  return { ...rest, ...(width !== undefined ? { width } : {}), ...(height !== undefined ? { height } : {}) };
}

/** Frame size for a preset ratio: the smallest frame of that shape containing a w×h photo. */
function presetFrame(ratio: Exclude<ExtendRatio, 'custom'>, w: number, h: number): { width: number; height: number } {
  const [a, b] = ratio.split(':').map(Number);
  // Compare w/h with a/b in integers, so an exact match is never lost to rounding.
  if (w * b < h * a) return { width: Math.max(w, Math.round((h * a) / b)), height: h };
  return { width: w, height: Math.max(h, Math.round((w * b) / a)) };
}

/**
 * The canvas a w×h photo is extended to and the photo's place in it (`position` 0..1 spreads the free space).
 * Throws PARAMS_INVALID when the frame would not grow, would crop the photo, or is over the limits above.
 * @example extendLayout({ ratio: '16:9', position: { x: 0.5, y: 0.5 } }, 1200, 900) // { width: 1600, height: 900, left: 200, top: 0 }
 */
export function extendLayout(params: ExtendParams, w: number, h: number): ExtendLayout {
  let frame: { width: number; height: number };
  if (params.ratio === 'custom') {
    frame = { width: params.width!, height: params.height! };
    if (frame.width < w || frame.height < h) {
      throw invalid(
        `the custom size ${frame.width}×${frame.height} is smaller than the photo (${w}×${h}); it must be at least the photo's size and at most ${EXTEND_CUSTOM_MAX_SIDE} px a side`,
      );
    }
  } else {
    frame = presetFrame(params.ratio, w, h);
  }
  if (frame.width === w && frame.height === h) {
    throw invalid(`the photo already is ${w}×${h}${params.ratio === 'custom' ? '' : ` (${params.ratio})`}: pick another ratio or a larger size`);
  }
  const area = frame.width * frame.height;
  if (area > EXTEND_MAX_AREA_FACTOR * w * h || area > UPLOAD_MAX_PIXELS) {
    throw invalid(`a ${frame.width}×${frame.height} frame is too large: at most ${EXTEND_MAX_AREA_FACTOR}× the photo's area`);
  }
  return {
    ...frame,
    left: Math.round(params.position.x * (frame.width - w)),
    top: Math.round(params.position.y * (frame.height - h)),
  };
}
