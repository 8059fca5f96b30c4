import sharp from 'sharp';
import type { CV, Mat } from '@techstark/opencv-js';
import { ResultCode } from '../../../../engine/spec/errors';
import { UPLOAD_MAX_PIXELS } from '../../../../engine/spec/limits';
import { ApiError } from '../../envelope';
import { loadOpenCv } from '../textDetect/opencv';

/** Detection runs on at most this many pixels (cost is linear in pixels × angles × line length). */
export const SCRATCH_WORK_PIXELS = 1_200_000;
/**
 * Line directions tried over 180°. Fewer miss curved scratches: a 1–2 px stroke leaves a straight
 * one-pixel probe within a few degrees (12 angles found 0.6–0.8 of the scratch pixels, 24 found 0.8–0.97).
 */
const ANGLES = 24;
/** Line response (grey levels above the neighbourhood's texture level) a scratch needs. */
const MIN_CONTRAST = 20;
/** How much of the neighbourhood's mean line response is subtracted: fur and wood grain are many lines, a scratch is one. */
const TEXTURE_WEIGHT = 2;

export interface ScratchBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface ScratchMask {
  /** PNG, one grey channel, the image's displayed size; white = suggested scratch (already grown for inpainting). */
  mask: Buffer;
  /** One box per suggested scratch, in image pixels. */
  boxes: ScratchBox[];
}

/** Structuring-element sizes at a working size (pixels). */
export function scratchScales(width: number, height: number) {
  const short = Math.min(width, height);
  return {
    /** Top-hat/black-hat square: structures narrower than about half of it count as thin. */
    hat: 2 * Math.max(3, Math.round(short / 200)) + 1,
    /** A suggested scratch runs roughly straight for at least this long. */
    line: Math.max(15, Math.round(short / 20)),
    /** Mask margin so inpainting also replaces the anti-aliased rim. */
    grow: Math.max(1, Math.round(short / 400)),
  };
}

/**
 * Suggests a mask of scratches: thin bright or dark lines. It is a *suggestion* for the user to
 * confirm or edit, not a verdict. Known failures: real thin structures (whiskers, wires, the rim of a
 * cup, a helmet's edge, eyelids) are flagged, and scratches that barely differ from what they cross
 * (a white scratch over a white wall, a dark one over a dark coat) or that curl tighter than the line
 * length are missed.
 *
 * Method: grey → white top-hat (bright) and black-hat (dark) residues with a small square, which keep
 * only structures thinner than the square; each residue is opened with one-pixel line segments at 24
 * angles and the maximum kept, which removes dots and leaves straight-ish runs; twice the local mean
 * of that response is subtracted (texture), then a threshold; components shorter than the line are
 * dropped; the rest grows by a pixel or two. Images over 1.2 MP are analysed downscaled.
 * Throws ApiError PARAMS_INVALID when the bytes are not a readable image.
 */
export async function detectScratchMask(image: Buffer): Promise<ScratchMask> {
  let width: number;
  let height: number;
  try {
    ({ width, height } = (await sharp(image, { limitInputPixels: UPLOAD_MAX_PIXELS }).metadata()).autoOrient);
  } catch {
    throw new ApiError(ResultCode.PARAMS_INVALID, 'the image cannot be read');
  }
  const scale = Math.min(1, Math.sqrt(SCRATCH_WORK_PIXELS / (width * height)));
  const ww = Math.max(1, Math.round(width * scale));
  const wh = Math.max(1, Math.round(height * scale));
  const grey = await sharp(image, { limitInputPixels: UPLOAD_MAX_PIXELS })
    .autoOrient()
    .flatten({ background: '#ffffff' })
    .resize(ww, wh, { fit: 'fill' })
    .greyscale()
    .raw()
    .toBuffer();
  const { cv } = await loadOpenCv();
  const { mask, boxes } = await lineMask(cv, grey, ww, wh);
  const png = await sharp(Buffer.from(mask), { raw: { width: ww, height: wh, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'nearest' })
    .toColourspace('b-w')
    .png({ compressionLevel: 6 })
    .toBuffer();
  const sx = width / ww;
  const sy = height / wh;
  return { mask: png, boxes: boxes.map((b) => ({ x: Math.floor(b.x * sx), y: Math.floor(b.y * sy), w: Math.ceil(b.w * sx), h: Math.ceil(b.h * sy) })) };
}

/** Lets queued I/O run: opencv-js is synchronous wasm on the main thread. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The line detector on a grey image at working size; returns 0/255 bytes and the component boxes.
 * The 48 openings take 1–2 s at 1 MP on two busy cores; yielding after each one keeps the HTTP
 * server answering meanwhile (each step is a few tens of ms).
 */
async function lineMask(cv: CV, grey: Buffer, width: number, height: number): Promise<{ mask: Uint8Array; boxes: ScratchBox[] }> {
  const { hat, line, grow } = scratchScales(width, height);
  const mats: Mat[] = [];
  const keep = (m: Mat): Mat => (mats.push(m), m);
  try {
    const src = keep(new cv.Mat(height, width, cv.CV_8U));
    src.data.set(grey);
    const square = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(hat, hat)));
    const kernels = lineKernels(cv, line).map(keep);
    const lines = keep(cv.Mat.zeros(height, width, cv.CV_8U));
    const residue = keep(new cv.Mat());
    const opened = keep(new cv.Mat());
    for (const op of [cv.MORPH_TOPHAT, cv.MORPH_BLACKHAT]) {
      cv.morphologyEx(src, residue, op, square);
      for (const k of kernels) {
        cv.morphologyEx(residue, opened, cv.MORPH_OPEN, k);
        cv.max(lines, opened, lines);
        await yieldToEventLoop();
      }
    }
    const local = keep(new cv.Mat());
    cv.blur(lines, local, new cv.Size(4 * line + 1, 4 * line + 1));
    local.convertTo(local, cv.CV_8U, TEXTURE_WEIGHT, 0); // saturates at 255
    cv.subtract(lines, local, lines);
    const bin = keep(new cv.Mat());
    cv.threshold(lines, bin, MIN_CONTRAST - 1, 255, cv.THRESH_BINARY);
    const boxes = keepLongComponents(cv, bin, line, keep);
    if (boxes.length > 0) {
      const disk = keep(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(2 * grow + 1, 2 * grow + 1)));
      cv.dilate(bin, bin, disk);
    }
    return { mask: new Uint8Array(bin.data), boxes };
  } finally {
    for (const m of mats) m.delete();
  }
}

/** One-pixel line segments of `length` at {@link ANGLES} directions, each centred in its square kernel. */
function lineKernels(cv: CV, length: number): Mat[] {
  const size = length % 2 === 1 ? length : length + 1;
  const c = (size - 1) / 2;
  const out: Mat[] = [];
  for (let a = 0; a < ANGLES; a++) {
    const t = (Math.PI * a) / ANGLES;
    const k = cv.Mat.zeros(size, size, cv.CV_8U);
    const dx = Math.round(Math.cos(t) * c);
    const dy = Math.round(Math.sin(t) * c);
    cv.line(k, new cv.Point(c - dx, c - dy), new cv.Point(c + dx, c + dy), new cv.Scalar(255), 1, cv.LINE_8);
    out.push(k);
  }
  return out;
}

/** Clears components whose longer box side is under `minLength` from `bin`; returns the boxes kept. */
function keepLongComponents(cv: CV, bin: Mat, minLength: number, keep: (m: Mat) => Mat): ScratchBox[] {
  const labels = keep(new cv.Mat());
  const stats = keep(new cv.Mat());
  const centroids = keep(new cv.Mat());
  const n = cv.connectedComponentsWithStats(bin, labels, stats, centroids, 8, cv.CV_32S);
  const boxes: ScratchBox[] = [];
  const drop = new Uint8Array(n);
  for (let i = 1; i < n; i++) {
    // stats: one row of CC_STAT_LEFT, TOP, WIDTH, HEIGHT, AREA (int32) per label.
    const [x, y, w, h] = stats.data32S.subarray(i * 5, i * 5 + 4);
    if (Math.max(w, h) < minLength) drop[i] = 1;
    else boxes.push({ x, y, w, h });
  }
  const lab = labels.data32S;
  const data = bin.data;
  for (let p = 0; p < lab.length; p++) if (drop[lab[p]]) data[p] = 0;
  return boxes;
}
