import type { CV, Mat } from '@techstark/opencv-js';
import { loadOpenCv } from './opencv';

/** DB post-processing constants (PaddleOCR defaults, except the unclip which is wider on purpose). */
export const DB_THRESHOLD = 0.3;
/** Mean probability a region needs to count as text (PaddleOCR's box_thresh is 0.6; faint watermarks score lower). */
export const BOX_THRESHOLD = 0.5;
/** Unclip ratio of D = area × ratio / perimeter: DB's maps are shrunk text kernels, so they are grown back. */
export const UNCLIP_RATIO = 2.0;
/** Extra margin in image pixels for anti-aliased glyph edges and halos. */
export const UNCLIP_MARGIN_PX = 3;
/** Regions with a bounding-box side under this (in map pixels) are noise (PaddleOCR min_size). */
const MIN_SIDE = 3;
/**
 * A compact blob (aspect under 2) whose short side exceeds this fraction of the image's short side is
 * dropped: the detector reads big round objects as one huge glyph (the coffee cup seen from above
 * scores 0.99 as an "O"), while watermark text is a line of several glyphs. The cost: a single
 * giant character (a lone "©" over half the photo) is not found.
 */
const MAX_BLOB_FRACTION = 0.25;

export interface TextBox {
  x: number;
  y: number;
  w: number;
  h: number;
  score: number;
}

/**
 * Turns the detector's probability map (`mapW`×`mapH`) into a text mask of the image's size
 * (`width`×`height`, 0/255 bytes, white = text) and the text boxes in image pixels.
 * Each region above {@link DB_THRESHOLD} is grown by D = area·2/perimeter (scaled to the image) + 3 px,
 * the distance DB's shrunk kernels lost, so the glyphs' outer edges are inside the mask.
 */
export async function unclipTextMap(
  prob: Float32Array,
  mapW: number,
  mapH: number,
  width: number,
  height: number,
): Promise<{ mask: Uint8Array; boxes: TextBox[] }> {
  const { cv } = await loadOpenCv();
  const sx = width / mapW;
  const sy = height / mapH;
  const mats: Mat[] = [];
  const keep = <T extends Mat>(m: T): T => (mats.push(m), m);
  const contours = new cv.MatVector();
  try {
    const probMat = keep(new cv.Mat(mapH, mapW, cv.CV_32F));
    probMat.data32F.set(prob);
    const bin = keep(new cv.Mat(mapH, mapW, cv.CV_8U));
    const binData = bin.data; // a getter that makes a new view on every access: read it once
    for (let i = 0; i < prob.length; i++) binData[i] = prob[i] > DB_THRESHOLD ? 255 : 0;
    const hierarchy = keep(new cv.Mat());
    cv.findContours(bin, contours, hierarchy, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_SIMPLE);
    const full = keep(cv.Mat.zeros(height, width, cv.CV_8U));
    const boxes: TextBox[] = [];
    // MatVector.size() is the element count at run time; mirada types it as a Size.
    const count = contours.size() as unknown as number;
    for (let c = 0; c < count; c++) {
      const contour = contours.get(c);
      try {
        const box = growRegion(cv, contour, probMat, full, sx, sy);
        if (box) boxes.push(box);
      } finally {
        contour.delete();
      }
    }
    boxes.sort((a, b) => a.y - b.y || a.x - b.x);
    return { mask: new Uint8Array(full.data), boxes };
  } finally {
    contours.delete();
    for (const m of mats) m.delete();
  }
}

/** Scores one region, and when it is text draws it grown by its unclip distance into `full`. */
function growRegion(cv: CV, contour: Mat, probMat: Mat, full: Mat, sx: number, sy: number): TextBox | null {
  const rect = cv.boundingRect(contour);
  const short = Math.min(rect.width, rect.height);
  const long = Math.max(rect.width, rect.height);
  if (short < MIN_SIDE) return null;
  if (short > MAX_BLOB_FRACTION * Math.min(probMat.cols, probMat.rows) && long < 2 * short) return null;
  const score = regionScore(cv, contour, probMat, rect);
  if (score < BOX_THRESHOLD) return null;
  const area = cv.contourArea(contour);
  const perimeter = cv.arcLength(contour, true);
  const unclip = perimeter > 0 ? (area * UNCLIP_RATIO) / perimeter : 0;
  const r = Math.ceil(unclip * Math.max(sx, sy) + UNCLIP_MARGIN_PX);
  const W = full.cols;
  const H = full.rows;
  // The region's box in image pixels, grown by r and clipped: the only part of `full` this touches.
  const x0 = Math.max(0, Math.floor(rect.x * sx) - r);
  const y0 = Math.max(0, Math.floor(rect.y * sy) - r);
  const x1 = Math.min(W, Math.ceil((rect.x + rect.width) * sx) + r);
  const y1 = Math.min(H, Math.ceil((rect.y + rect.height) * sy) + r);
  const pts = contour.data32S;
  const scaled: number[] = [];
  // Map pixel centres to image pixel centres, relative to the crop.
  for (let i = 0; i < pts.length; i += 2) scaled.push(Math.round((pts[i] + 0.5) * sx - 0.5) - x0, Math.round((pts[i + 1] + 0.5) * sy - 0.5) - y0);
  const poly = cv.matFromArray(scaled.length / 2, 1, cv.CV_32SC2, scaled);
  const polys = new cv.MatVector();
  const local = cv.Mat.zeros(y1 - y0, x1 - x0, cv.CV_8U);
  const kernel = cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(2 * r + 1, 2 * r + 1));
  const roi = full.roi(new cv.Rect(x0, y0, x1 - x0, y1 - y0));
  try {
    polys.push_back(poly);
    cv.drawContours(local, polys, 0, new cv.Scalar(255), -1);
    cv.dilate(local, local, kernel);
    cv.bitwise_or(roi, local, roi);
  } finally {
    for (const m of [poly, local, kernel, roi]) m.delete();
    polys.delete();
  }
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0, score: Math.round(score * 1000) / 1000 };
}

/** Mean probability inside the contour (PaddleOCR's box score, on the polygon rather than its box). */
function regionScore(cv: CV, contour: Mat, probMat: Mat, rect: { x: number; y: number; width: number; height: number }): number {
  const local = cv.Mat.zeros(rect.height, rect.width, cv.CV_8U);
  const shifted = new cv.Mat();
  const polys = new cv.MatVector();
  const roi = probMat.roi(new cv.Rect(rect.x, rect.y, rect.width, rect.height));
  try {
    const offset = new cv.Mat(contour.rows, 1, cv.CV_32SC2, new cv.Scalar(-rect.x, -rect.y));
    cv.add(contour, offset, shifted);
    offset.delete();
    polys.push_back(shifted);
    cv.drawContours(local, polys, 0, new cv.Scalar(255), -1);
    return cv.mean(roi, local)[0];
  } finally {
    for (const m of [local, shifted, roi]) m.delete();
    polys.delete();
  }
}
