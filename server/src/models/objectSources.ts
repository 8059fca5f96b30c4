/**
 * Where the eraser's patch fill must not copy from (issue 26, item 1): the photo's objects. Erasing a car parked beside
 * another car used to fill the hole with pieces of the other car, because the patch search takes whatever matches
 * best. The product's own segmentation says where the objects are:
 * - IS-Net saliency (detectSubjectMask, the magic eraser's "detect subject"): the photo's salient things;
 * - the CenterNet COCO detector (products/centernet.ts): the kind of object under the hole, and every other object of
 *   that kind in the photo (their boxes), which saliency alone can miss when the erased object is the salient one.
 * The hole itself is no source anyway. bestFill ignores this mask for a hole that lies on an object (a spot on a shirt)
 * and when nothing else is left around the hole.
 */
import sharp from 'sharp';
import { decodeMask, dilateMask, type BinaryMask } from './inpaint/raster';
import { type Detection, detectObjects } from './products/centernet';
import { detectSubjectMask } from './subjectMask';

/** A detection box whose area holds at least this share of the hole's pixels names the kind being erased. */
export const HOLE_IN_BOX_SHARE = 0.5;
/** The avoided area grows by this share of the photo's short side: objects' soft edges and shadows go with them. */
export const AVOID_GROW_SHARE = 0.006;
/** The detector sees the photo at most this long (its input is 512²). */
const DETECT_MAX_SIDE = 640;

export interface ObjectSources {
  /** Full-size mask, 255 = do not copy from here. */
  avoid: BinaryMask;
  /** The COCO labels of the erased object (empty when the detector named none). */
  kinds: string[];
  /** Other objects of those kinds found in the photo. */
  sameKind: number;
}

/** Share of the hole's pixels inside a detection box (box in fractions of the photo). */
export function holeShareInBox(hole: BinaryMask, box: Detection['box']): number {
  const { width: w, height: h, data } = hole;
  const x0 = Math.floor(box[0] * w),
    y0 = Math.floor(box[1] * h);
  const x1 = Math.ceil((box[0] + box[2]) * w),
    y1 = Math.ceil((box[1] + box[3]) * h);
  let total = 0;
  let inside = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!data[y * w + x]) continue;
      total++;
      if (x >= x0 && x < x1 && y >= y0 && y < y1) inside++;
    }
  }
  return total ? inside / total : 0;
}

/**
 * The kinds under the hole and the boxes of the other objects of those kinds: a detection is "the erased object" when
 * the hole lies mostly inside its box and its box lies mostly under the hole; every other detection of its label is a
 * neighbour of the same kind.
 */
export function sameKindBoxes(hole: BinaryMask, detections: Detection[]): { kinds: string[]; boxes: Array<Detection['box']> } {
  const kinds = new Set<string>();
  const erased = new Set<Detection>();
  for (const d of detections) {
    if (holeShareInBox(hole, d.box) >= HOLE_IN_BOX_SHARE) {
      kinds.add(d.label);
      erased.add(d);
    }
  }
  const boxes = detections.filter((d) => kinds.has(d.label) && !erased.has(d)).map((d) => d.box);
  return { kinds: [...kinds], boxes };
}

/** Paints the boxes (fractions of the photo) into `mask`. */
function paintBoxes(mask: BinaryMask, boxes: Array<Detection['box']>): void {
  const { width: w, height: h } = mask;
  for (const b of boxes) {
    const x0 = Math.max(0, Math.floor(b[0] * w)),
      y0 = Math.max(0, Math.floor(b[1] * h));
    const x1 = Math.min(w, Math.ceil((b[0] + b[2]) * w)),
      y1 = Math.min(h, Math.ceil((b[1] + b[3]) * h));
    for (let y = y0; y < y1; y++) mask.data.fill(255, y * w + x0, y * w + x1);
  }
}

/**
 * The objects of `image` (upright, any format) the fill of `hole` (full-size mask of the same photo) should not copy
 * from. A failing detector only loses its part: saliency alone still answers (and the other way round).
 */
export async function objectSources(image: Buffer, hole: BinaryMask): Promise<ObjectSources> {
  const { width, height } = hole;
  const avoid: BinaryMask = { data: new Uint8Array(width * height), width, height };
  try {
    const subject = await detectSubjectMask(image);
    if (subject.png) {
      const m = await decodeMask(subject.png);
      if (m.width === width && m.height === height) for (let i = 0; i < m.data.length; i++) if (m.data[i]) avoid.data[i] = 255;
    }
  } catch (err) {
    console.warn(`eraser: subject detection failed (${err instanceof Error ? err.message : String(err)}); filling without it`);
  }
  let kinds: string[] = [];
  let sameKind = 0;
  try {
    const s = Math.min(1, DETECT_MAX_SIDE / Math.max(width, height));
    const dw = Math.max(1, Math.round(width * s)),
      dh = Math.max(1, Math.round(height * s));
    const rgb = await sharp(image)
      .rotate()
      .toColourspace('srgb')
      .flatten({ background: '#ffffff' })
      .resize(dw, dh, { fit: 'fill' })
      .removeAlpha()
      .raw()
      .toBuffer();
    const found = sameKindBoxes(hole, await detectObjects(new Uint8Array(rgb.buffer, rgb.byteOffset, rgb.length), dw, dh));
    kinds = found.kinds;
    sameKind = found.boxes.length;
    paintBoxes(avoid, found.boxes);
  } catch (err) {
    console.warn(`eraser: object detection failed (${err instanceof Error ? err.message : String(err)}); filling without it`);
  }
  const grown = dilateMask(avoid, Math.max(1, Math.round(AVOID_GROW_SHARE * Math.min(width, height))));
  return { avoid: grown, kinds, sameKind };
}
