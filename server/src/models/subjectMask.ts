/**
 * The magic eraser's subject mask (`POST /api/detect/subject`), computed where memory allows:
 * IS-Net sees the photo at 1024² (sharp shrinks JPEGs while decoding), the threshold and the
 * grow run at a working size of at most SUBJECT_WORK_MAX_PIXELS, and only the final PNG is
 * written at the photo's full size (nearest-neighbour, streamed by libvips). A 49 MP photo no
 * longer costs 0.8 GB of full-size buffers (issue 16, finding 5). Runs on a heavy-work thread.
 */
import sharp from 'sharp';
import { UPLOAD_MAX_PIXELS } from '../../../engine/spec/limits';
import { dilateMask, encodeMaskPng, type BinaryMask } from './inpaint/raster';
import { ISNET_SIZE, runIsnet } from './isnet';

/** Subject masks grow by this much so the erase also takes the subject's soft edge and shadow line. */
export const SUBJECT_MASK_GROW_PX = 6;
/** IS-Net alpha above this counts as subject. */
const SUBJECT_ALPHA_ABOVE = 127;
/** Threshold and grow run at most at this size; the model only saw 1 MP, so finer adds nothing. */
export const SUBJECT_WORK_MAX_PIXELS = 4_000_000;

/** Alpha (0..255) of the subject at some size. */
export interface SubjectAlpha {
  alpha: Uint8Array;
  width: number;
  height: number;
}

/** The detection's answer: a PNG mask of the photo's upright size (null when nothing stands out). */
export interface SubjectMask {
  png: Buffer | null;
  width: number;
  height: number;
  coverage: number;
}

/** Thresholds, grows and encodes `found` as the mask of a `width`×`height` photo. */
export async function maskFromAlpha(found: SubjectAlpha, width: number, height: number): Promise<SubjectMask> {
  const data = new Uint8Array(found.alpha.length);
  let filled = 0;
  for (let i = 0; i < data.length; i++) {
    if (found.alpha[i] > SUBJECT_ALPHA_ABOVE) {
      data[i] = 255;
      filled++;
    }
  }
  if (filled === 0) return { png: null, width, height, coverage: 0 };
  const scale = found.width / width;
  const grown: BinaryMask = dilateMask({ data, width: found.width, height: found.height }, Math.max(1, SUBJECT_MASK_GROW_PX * scale));
  let grownCount = 0;
  for (let i = 0; i < grown.data.length; i++) if (grown.data[i]) grownCount++;
  const png =
    found.width === width && found.height === height
      ? await encodeMaskPng(grown)
      : await sharp(Buffer.from(grown.data.buffer, grown.data.byteOffset, grown.data.length), {
          raw: { width: found.width, height: found.height, channels: 1 },
        })
          .resize(width, height, { fit: 'fill', kernel: 'nearest' })
          .toColourspace('b-w')
          .png({ compressionLevel: 6 })
          .toBuffer();
  return { png, width, height, coverage: grownCount / grown.data.length };
}

/** The working size for a `width`×`height` photo: the same shape, at most SUBJECT_WORK_MAX_PIXELS. */
export function workingSize(width: number, height: number): { width: number; height: number } {
  if (width * height <= SUBJECT_WORK_MAX_PIXELS) return { width, height };
  const s = Math.sqrt(SUBJECT_WORK_MAX_PIXELS / (width * height));
  return { width: Math.max(1, Math.round(width * s)), height: Math.max(1, Math.round(height * s)) };
}

/** Finds the photo's main subject with IS-Net and returns its mask (see the file comment). */
export async function detectSubjectMask(image: Buffer): Promise<SubjectMask> {
  const meta = await sharp(image, { limitInputPixels: UPLOAD_MAX_PIXELS }).metadata();
  const turned = (meta.orientation ?? 1) >= 5; // EXIF 5–8 swap width and height
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  if (!width || !height) throw new Error('the image has no size');
  const modelInput = await sharp(image, { failOn: 'error', limitInputPixels: UPLOAD_MAX_PIXELS })
    .rotate()
    .toColourspace('srgb')
    .flatten({ background: '#ffffff' })
    .resize(ISNET_SIZE, ISNET_SIZE, { fit: 'fill', kernel: 'linear' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const prediction = await runIsnet(modelInput);
  const small = Buffer.alloc(ISNET_SIZE * ISNET_SIZE);
  for (let i = 0; i < small.length; i++) small[i] = Math.max(0, Math.min(255, Math.round(prediction[i] * 255)));
  const work = workingSize(width, height);
  const alpha = await sharp(small, { raw: { width: ISNET_SIZE, height: ISNET_SIZE, channels: 1 } })
    .resize(work.width, work.height, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return maskFromAlpha({ alpha, width: work.width, height: work.height }, width, height);
}
