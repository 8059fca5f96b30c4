/**
 * Head extraction (task `headExtract`): the head and hair of the largest face, cut out with the
 * IS-Net matte (limited to that person), everything below the chin line (plus a short neck) and
 * beyond the hair's reach cleared, then cropped tight. PNG with alpha.
 *
 * "Below the chin" is measured in the upright frame, so a tilted head is cut along its own chin
 * line, not the photo's horizontal.
 */
import sharp from 'sharp';
import { analysePortrait } from './analysePortrait';

/** Neck kept under the chin, and the soft edge after it, as shares of the head height. */
export const NECK_SHARE = 0.06;
const FADE_SHARE = 0.04;
/** Hair may reach this far sideways from the face centre, as a share of the head height. */
export const SIDE_REACH_SHARE = 0.8;
/** Alpha above this counts when the tight crop is computed. */
const CROP_ALPHA = 8;

const smooth = (t: number) => (t <= 0 ? 1 : t >= 1 ? 0 : 1 - t * t * (3 - 2 * t));

export interface HeadCutout {
  png: Buffer;
  width: number;
  height: number;
  /** Where the crop sits in the upright source photo (its top-left corner). */
  left: number;
  top: number;
}

export async function extractHead(input: Buffer, onProgress: (f: number) => void = () => undefined): Promise<HeadCutout> {
  const a = await analysePortrait(input, { checkPose: false, checkCompliance: false, onProgress: (f) => onProgress(0.9 * f) });
  const { cutout, upright, head } = a;
  const { width, height } = cutout;
  const headH = head.chinY - head.crownY;
  const cutY = head.chinY + NECK_SHARE * headH;
  const fade = Math.max(1, FADE_SHARE * headH);
  const reach = SIDE_REACH_SHARE * headH;
  const rgba = cutout.data;
  let minX = width,
    minY = height,
    maxX = -1,
    maxY = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4 + 3;
      if (rgba[i] === 0) continue;
      const q = upright.toUpright({ x, y });
      const keep = smooth((q.y - cutY) / fade) * smooth((Math.abs(q.x - head.centreX) - reach) / fade) * (q.y < head.crownY - fade ? 0 : 1);
      const v = Math.round(rgba[i] * keep);
      rgba[i] = v;
      if (v > CROP_ALPHA) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  if (maxX < 0) {
    minX = 0;
    minY = 0;
    maxX = width - 1;
    maxY = height - 1;
  }
  const box = { left: minX, top: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
  const png = await sharp(rgba, { raw: { width, height, channels: 4 } })
    .extract(box)
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
  onProgress(1);
  return { png, width: box.width, height: box.height, left: box.left, top: box.top };
}
