/**
 * Product recognition for the AI background step: the COCO-80 detector's boxes, restricted to the one
 * that overlaps the cut-out (the subject mask), mapped to a product category. COCO-80 is weak for shop
 * products (models.md: a hint, with a user-editable label), so the answer is a suggestion the user can
 * change, and `other` when no box overlaps the subject.
 */
import sharp from 'sharp';
import { categoryForCocoLabel, OTHER_CATEGORY } from '../../../../engine/products/categories';
import { ALPHA_TRANSPARENT_BELOW, RECOGNITION_MAX_SIDE } from '../../../../engine/spec/limits';
import { ISNET_SIZE, runIsnet } from '../isnet';
import { detectObjects, type Detection } from './centernet';

/** A box must hold at least this share of the subject's pixels to describe the subject. */
export const MIN_SUBJECT_SHARE = 0.2;

export interface ProductGuess {
  categoryId: string;
  label: string | null;
  score: number;
  box: [number, number, number, number] | null;
}

/** Subject mask at `width`×`height` (0/1): the picture's own transparency when it has some, else IS-Net. */
export async function subjectMask(image: Buffer, width: number, height: number): Promise<Uint8Array> {
  const { data, info } = await sharp(image)
    .rotate()
    .ensureAlpha()
    .resize(width, height, { fit: 'fill' })
    .extractChannel(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  let transparent = 0;
  for (let i = 0; i < data.length; i++) if (data[i] < ALPHA_TRANSPARENT_BELOW) transparent++;
  // SPEC §9: alpha below ALPHA_TRANSPARENT_BELOW (100) is transparent. A cut-out (some transparency, some not) is its own mask.
  if (transparent > 0.02 * info.width * info.height && transparent < 0.98 * info.width * info.height) {
    return Uint8Array.from(data, (a) => (a >= ALPHA_TRANSPARENT_BELOW ? 1 : 0));
  }
  const rgb = await sharp(image).rotate().flatten({ background: '#ffffff' }).removeAlpha().resize(ISNET_SIZE, ISNET_SIZE, { fit: 'fill' }).raw().toBuffer();
  const saliency = await runIsnet(rgb);
  const bytes = Uint8Array.from(saliency, (v) => Math.round(Math.max(0, Math.min(1, v)) * 255));
  const small = await sharp(bytes, { raw: { width: ISNET_SIZE, height: ISNET_SIZE, channels: 1 } })
    .resize(width, height, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return Uint8Array.from(small, (v) => (v > 127 ? 1 : 0));
}

/** Share of the mask's pixels inside a box (fractions of the picture). */
export function subjectShare(mask: Uint8Array, width: number, height: number, box: Detection['box']): number {
  let total = 0;
  let inside = 0;
  const x0 = Math.max(0, Math.floor(box[0] * width));
  const y0 = Math.max(0, Math.floor(box[1] * height));
  const x1 = Math.min(width, Math.ceil((box[0] + box[2]) * width));
  const y1 = Math.min(height, Math.ceil((box[1] + box[3]) * height));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!mask[y * width + x]) continue;
      total++;
      if (x >= x0 && x < x1 && y >= y0 && y < y1) inside++;
    }
  }
  return total === 0 ? 0 : inside / total;
}

/**
 * The detection that describes the subject: among boxes holding at least {@link MIN_SUBJECT_SHARE} of
 * the mask, the one with the best score × share. With an empty mask (nothing stands out) the best
 * scored box is taken.
 */
export function pickSubjectDetection(detections: Detection[], mask: Uint8Array, width: number, height: number): Detection | null {
  const hasSubject = mask.some((v) => v === 1);
  if (!hasSubject) return detections[0] ?? null;
  let best: { d: Detection; value: number } | null = null;
  for (const d of detections) {
    const share = subjectShare(mask, width, height, d.box);
    if (share < MIN_SUBJECT_SHARE) continue;
    const value = d.score * share;
    if (!best || value > best.value) best = { d, value };
  }
  return best?.d ?? null;
}

/** Recognises the product of a picture (any size; it is looked at within {@link RECOGNITION_MAX_SIDE}). */
export async function identifyProduct(image: Buffer): Promise<ProductGuess> {
  const { data, info } = await sharp(image, { limitInputPixels: 100_000_000 })
    .rotate()
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .resize(RECOGNITION_MAX_SIDE, RECOGNITION_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const detections = await detectObjects(data, info.width, info.height);
  if (detections.length === 0) return { categoryId: OTHER_CATEGORY, label: null, score: 0, box: null };
  // One box leaves nothing to choose between: skip the cut-out mask (IS-Net is the slow part).
  if (detections.length === 1) return { categoryId: categoryForCocoLabel(detections[0].label), ...detections[0] };
  const mask = await subjectMask(image, info.width, info.height);
  const chosen = pickSubjectDetection(detections, mask, info.width, info.height);
  if (!chosen) return { categoryId: OTHER_CATEGORY, label: null, score: 0, box: null };
  return { categoryId: categoryForCocoLabel(chosen.label), label: chosen.label, score: chosen.score, box: chosen.box };
}
