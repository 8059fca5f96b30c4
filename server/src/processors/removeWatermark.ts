/**
 * Watermark removal (task type `removeWatermark`, used by the magic eraser page): finds the text of a
 * watermark (or takes the user's mask) and fills it in (models-restoration.md §6).
 *
 * Detection: PP-OCRv4 det + unclip (server/src/models/textDetect). It finds text lines (captions, URLs,
 * "SAMPLE"), not logos or graphics: those need the user's brush (maskUrl). When some lines look like a watermark
 * (see-through, small at the frame's edge, or tiled) the others are the picture's own lettering and stay.
 * Fill: 'best' (default) is the eraser's own fill (models/inpaint/bestFill.ts) on the detected mask grown to cover the
 * glyphs' halo (anti-aliased edges, outlines, shadows: what was left behind as a smudged band when only the unclipped
 * box was filled; see HALO_SHARE: the detector's margin already covers it at usual sizes), with a smooth base chosen
 * per text box at its border (TEXT_FILL); 'fast' is OpenCV Telea on the mask as detected (instant, a soft smear inside).
 *
 * When no text is found and no mask was given the task fails with PARAMS_INVALID 'no text found' rather
 * than returning the photo unchanged: an unchanged "result" reads as success and hides that the user has
 * to paint the watermark (the page shows the message and offers the brush).
 */
import { parseTaskParams } from '../../../engine/spec/tasks';
import { ResultCode } from '../../../engine/spec/errors';
import { ApiError } from '../envelope';
import { inpaintBest, inpaintTelea, withCancelTicker } from '../models/inpaint';
import { detectWatermarkMask } from '../models/textDetect/watermarkMask';
import { readParamFile } from '../tasks/paramFiles';
import { readInput, type Processor } from '../tasks/processor';

/**
 * How far a detected text mask is grown before the 'best' fill, beyond the unclip distance and UNCLIP_MARGIN_PX
 * (3 px) the detector already adds for the glyphs' halo: a share of the text's line height (median box height).
 * Measured on the tuning photos (astronaut, chelsea, coffee at 1 MP; captions with and without an outline, line
 * heights up to about 100 px): every pixel of growth made both PSNR and the error in the 6 px band around the mask
 * worse (1 px: band MAE 7.73/5.24/6.59, 0 px: 6.60/4.73/5.77), because the unclipped box already holds the halo
 * and a grown pixel that was clean becomes a guessed one. So no growth up to 125 px line height; a little on larger
 * text (not measured: it has wider anti-aliasing), at most 4 px.
 */
export const HALO_SHARE = 0.004;
export const HALO_MIN_PX = 0;
export const HALO_MAX_PX = 4;

/** The halo growth for text boxes of these heights (px). */
export function haloPx(boxHeights: number[]): number {
  if (boxHeights.length === 0) return HALO_MIN_PX;
  const sorted = [...boxHeights].sort((a, b) => a - b);
  const median = sorted[sorted.length >> 1];
  return Math.max(HALO_MIN_PX, Math.min(HALO_MAX_PX, Math.round(HALO_SHARE * median)));
}

/**
 * The 'best' fill's settings for text: a smooth base chosen per text box ('auto': the mix of Telea, Navier-Stokes and
 * the membrane that best predicts the box's own ring of real pixels when the mask is grown over it; smoothChoice.ts)
 * under the texture, and an 8 px fade from it into the texture (the eraser's default: the harmonic fill and 4 px). The
 * band a few pixels inside the box is where a smudge shows, and there a smooth extrapolation beats copied texture; which
 * smooth one wins depends on the photo (Telea alone, the base before, lost to the 'fast' fill on 3 of 13 tuning bands;
 * none of the alternatives, dilating over the halo included, won on every photo: bench/tools/textFillVariants.ts), so
 * each box asks its own surroundings. The first 2 px inside the mask keep the base before the fade starts (smoothPx:
 * of 0, 2, 4 and 6 px, 2 had the largest worst-case lead over Telea on the band on the tuning photos).
 * Band error (MAE within 6 px of the mask's border; bench/tools/textFillVariants.ts), Telea → Telea base → this:
 * tuning (13 photos) 7.18 → 7.12 → 7.00, losing to Telea on 3 then 2 bands; held-out (15 photos, measured once after
 * the rule was committed) 7.41 → 7.36 → 7.17, losing on 4 then 2 bands (china, flower); PSNR 26.25 → 26.26 dB.
 */
export const TEXT_FILL = { smoothBase: 'auto', featherPx: 8, smoothPx: 2 } as const;

/** Message of the failure when nothing was given and no text was found. */
export const NO_TEXT_FOUND = 'no text found: paint the watermark with the brush and try again';

/**
 * The detected watermark's mask and its halo growth; PARAMS_INVALID {@link NO_TEXT_FOUND} when there is no text. Lines
 * that are the picture's own lettering are left out when others look like a watermark (watermarkLike.ts, issue 29.9).
 */
async function detectedText(input: Buffer): Promise<{ mask: Buffer; halo: number }> {
  const detected = await detectWatermarkMask(input);
  if (detected.boxes.length === 0) throw new ApiError(ResultCode.PARAMS_INVALID, NO_TEXT_FOUND);
  return { mask: detected.mask, halo: haloPx(detected.boxes.map((b) => b.h)) };
}

/**
 * `removeWatermark` task: params { maskUrl? (an uploaded PNG, white = remove; absent → detect text),
 * quality? 'best' | 'fast' } → PNG of the photo (EXIF-upright) with the masked area filled.
 */
export const removeWatermarkProcessor: Processor = async (ctx) => {
  const parsed = parseTaskParams('removeWatermark', ctx.params);
  if (!parsed.ok) throw new ApiError(ResultCode.PARAMS_INVALID, parsed.message);
  const input = await readInput(ctx);
  const userMask = await readParamFile(ctx, 'maskUrl');
  ctx.onProgress(0.05);
  await ctx.checkCancelled();
  const { mask, halo } = userMask ? { mask: userMask, halo: 0 } : await detectedText(input);
  ctx.onProgress(0.3);
  await ctx.checkCancelled();
  // A user's brush is taken as painted (it already covers what they want gone); a detected mask grows by the halo.
  const body =
    parsed.value.quality === 'fast'
      ? await inpaintTelea(input, mask)
      : await withCancelTicker(ctx, 0.3, 0.95, (signal) => inpaintBest(input, mask, { signal, dilatePx: halo, ...TEXT_FILL }));
  ctx.onProgress(1);
  return { body, contentType: 'image/png', extension: 'png' };
};
