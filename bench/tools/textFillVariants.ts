/**
 * Text removal fill variants, side by side on the same watermarked photos and the same detected masks (the captions
 * of watermark.ts): Telea ('fast') against the 'best' fill with each smooth base of BASES (bestFill's `smoothBase`:
 * 'telea' was the text default before issue 15's second pass, 'auto' chooses per hole: smoothChoice.ts) and SMOOTH_PX
 * values of `smoothPx` (pixels next to the mask's border that keep the smooth base before the fade into patch texture). Prints, per photo and
 * variant, the band error (MAE within 6 px of the mask's border, both sides: where a smudge shows) and the PSNR
 * against the clean photo, then the means and how many photos each variant loses to Telea on the band.
 *
 *   BENCH_SET=tuning node --import tsx bench/tools/textFillVariants.ts      (the 13 photos tuned on: textPhotos.ts)
 *   BENCH_SET=heldout …                                                     (the 15 held-out ones: once, after the choice)
 *   SMOOTH_PX=0,3,6 BASES=telea,auto …  (defaults: SMOOTH_PX=2, BASES=telea,auto)
 */
import path from 'node:path';
import { inpaintBest, inpaintTelea } from '../../server/src/models/inpaint';
import { psnr, textBandError } from '../../server/src/models/inpaint/inpaint.testkit';
import { haloPx, TEXT_FILL } from '../../server/src/processors/removeWatermark';
import { detectTextMask } from '../../server/src/models/textDetect';
import { addTextWatermark, type WatermarkLine } from '../../server/src/models/textDetect/syntheticWatermark';
import { megapixelPhoto } from '../shared/photos';
import { textPhotos } from './textPhotos';

const smoothPxs = (process.env.SMOOTH_PX ?? '2').split(',').map(Number);
const bases = (process.env.BASES ?? 'telea,auto').split(',') as Array<'telea' | 'auto' | 'harmonic'>;
const variants = bases.flatMap((base) => smoothPxs.map((smoothPx) => ({ base, smoothPx, key: `${base} smoothPx ${smoothPx}` })));
const set = process.env.BENCH_SET ?? 'tuning';
const photos = textPhotos(set);

const bandError = async (result: Buffer, clean: Buffer, mask: Buffer): Promise<number> => (await textBandError(result, clean, mask)).abs;

/** The captions of watermark.ts. */
const captionLines = (width: number, height: number): WatermarkLine[] => [
  { text: 'SAMPLE PREVIEW', x: Math.round(width * 0.07), y: Math.round(height * 0.3), size: Math.round(width / 11), bold: true, opacity: 0.6 },
  { text: 'www.stockphoto.example', x: Math.round(width * 0.55), y: Math.round(height * 0.96), size: Math.round(width / 30), fill: '#202020' },
  {
    text: '© PHOTOSTOCK',
    x: Math.round(width * 0.08),
    y: Math.round(height * 0.7),
    size: Math.round(width / 16),
    bold: true,
    opacity: 0.85,
    stroke: '#101010',
    strokeWidth: Math.max(2, Math.round(width / 300)),
  },
];

const totals = new Map<string, { band: number; psnr: number; losses: number }>();
const add = (key: string, band: number, db: number, loses: boolean) => {
  const t = totals.get(key) ?? { band: 0, psnr: 0, losses: 0 };
  totals.set(key, { band: t.band + band, psnr: t.psnr + db, losses: t.losses + (loses ? 1 : 0) });
};
for (const photo of photos) {
  const { buf, width, height } = await megapixelPhoto(photo.file);
  const wm = await addTextWatermark(buf, captionLines(width, height));
  const det = await detectTextMask(wm.marked);
  const halo = haloPx(det.boxes.map((b) => b.h));
  const telea = await inpaintTelea(wm.marked, det.mask);
  const teleaBand = await bandError(telea, wm.clean, det.mask);
  const cells = [`Telea ${teleaBand.toFixed(2)} (${(await psnr(telea, wm.clean)).toFixed(2)} dB)`];
  add('telea', teleaBand, await psnr(telea, wm.clean), false);
  for (const v of variants) {
    const out = await inpaintBest(wm.marked, det.mask, { dilatePx: halo, ...TEXT_FILL, smoothBase: v.base, smoothPx: v.smoothPx });
    const band = await bandError(out, wm.clean, det.mask);
    const db = await psnr(out, wm.clean);
    add(v.key, band, db, band > teleaBand + 1e-9);
    cells.push(`${v.key} ${band.toFixed(2)} (${db.toFixed(2)} dB)`);
  }
  console.log(`${set} ${path.basename(photo.file)}: band error ${cells.join(' | ')}`);
}
for (const [key, t] of totals) {
  console.log(
    `${set} mean ${key}: band error ${(t.band / photos.length).toFixed(2)}, PSNR ${(t.psnr / photos.length).toFixed(2)} dB, loses to Telea on ${t.losses} of ${photos.length} bands`,
  );
}
