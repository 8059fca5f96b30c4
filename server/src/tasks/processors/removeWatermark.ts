/**
 * Watermark removal (task type `removeWatermark`, used by the magic eraser page): finds the text of a
 * watermark (or takes the user's mask) and fills it in (models-restoration.md §6).
 *
 * Detection: PP-OCRv4 det + unclip (server/src/models/textDetect). It finds text lines (captions, URLs,
 * "SAMPLE"), not logos or graphics: those need the user's brush (maskUrl).
 * Fill: G'MIC PatchMatch ('best', default, a few seconds) or OpenCV Telea ('fast', instant, a soft smear band).
 *
 * When no text is found and no mask was given the task fails with PARAMS_INVALID 'no text found' rather
 * than returning the photo unchanged: an unchanged "result" reads as success and hides that the user has
 * to paint the watermark (the page shows the message and offers the brush).
 */
import { z } from 'zod';
import { ResultCode } from '../../../../engine/spec/errors';
import { ApiError } from '../../envelope';
import { inpaintGmic, inpaintTelea, withCancelTicker } from '../../models/inpaint';
import { detectTextMask } from '../../models/textDetect';
import { readParamFile } from '../paramFiles';
import { readInput, type Processor } from '../processor';

/**
 * G'MIC's margin around a detected mask, which already has the unclip distance plus 3 px: 2 px more
 * measured best (chelsea caption: 26.9 dB at 0, 27.3 at 2, 26.0 at the brush default of 4).
 * Brush masks keep inpaintGmic's default.
 */
const DETECTED_GMIC_DILATE_PX = 2;

/** Fill quality: 'best' = G'MIC inpaint_matchpatch, 'fast' = OpenCV Telea. */
export const WATERMARK_QUALITIES = ['best', 'fast'] as const;
export type WatermarkQuality = (typeof WATERMARK_QUALITIES)[number];

/** Message of the failure when nothing was given and no text was found. */
export const NO_TEXT_FOUND = 'no text found: paint the watermark with the brush and try again';

const Params = z.object({ quality: z.enum(WATERMARK_QUALITIES).default('best') });

/** The detected text mask; PARAMS_INVALID {@link NO_TEXT_FOUND} when there is none. */
async function detectedText(input: Buffer): Promise<Buffer> {
  const detected = await detectTextMask(input);
  if (detected.boxes.length === 0) throw new ApiError(ResultCode.PARAMS_INVALID, NO_TEXT_FOUND);
  return detected.mask;
}

/**
 * `removeWatermark` task: params { maskUrl? (an uploaded PNG, white = remove; absent → detect text),
 * quality? 'best' | 'fast' } → PNG of the photo (EXIF-upright) with the masked area filled.
 */
export const removeWatermarkProcessor: Processor = async (ctx) => {
  const parsed = Params.safeParse(ctx.params);
  if (!parsed.success) throw new ApiError(ResultCode.PARAMS_INVALID, "quality must be 'best' or 'fast'");
  const input = await readInput(ctx);
  const userMask = await readParamFile(ctx, 'maskUrl');
  ctx.onProgress(0.05);
  await ctx.checkCancelled();
  const mask = userMask ?? (await detectedText(input));
  ctx.onProgress(0.3);
  await ctx.checkCancelled();
  const body = parsed.data.quality === 'fast'
    ? await inpaintTelea(input, mask)
    : await withCancelTicker(ctx, 0.3, 0.95, (signal) =>
        inpaintGmic(input, mask, { signal, dilatePx: userMask ? undefined : DETECTED_GMIC_DILATE_PX }));
  ctx.onProgress(1);
  return { body, contentType: 'image/png', extension: 'png' };
};
