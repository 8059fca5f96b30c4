/**
 * The text-removal seam measure shared by bench/tools/watermark.ts and textFillVariants.ts: mean absolute
 * error (0..255, mean of R, G, B) against the clean photo over the band of pixels within BAND_PX of the
 * detected mask's border, on both sides: where a smudged band or a left-over halo shows.
 */
import sharp from 'sharp';
import { distanceInside } from '../../server/src/models/inpaint/smooth';

export const BAND_PX = 6;

/** Band error of `result` against `clean` around `mask` (white = text). */
export async function textBandError(result: Buffer, clean: Buffer, mask: Buffer): Promise<number> {
  const { data: m, info } = await sharp(mask).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  const hole = Uint8Array.from(m, (v) => (v > 127 ? 1 : 0));
  const inside = distanceInside(hole, info.width, info.height);
  const outside = distanceInside(Uint8Array.from(hole, (v) => 1 - v), info.width, info.height);
  const a = await sharp(result).removeAlpha().raw().toBuffer();
  const b = await sharp(clean).removeAlpha().raw().toBuffer();
  let sum = 0;
  let n = 0;
  for (let i = 0; i < hole.length; i++) {
    if ((hole[i] ? inside[i] : outside[i]) > BAND_PX) continue;
    sum += (Math.abs(a[i * 3] - b[i * 3]) + Math.abs(a[i * 3 + 1] - b[i * 3 + 1]) + Math.abs(a[i * 3 + 2] - b[i * 3 + 2])) / 3;
    n++;
  }
  return n ? sum / n : 0;
}
