/**
 * Background blur (task type `bgblur`, page /tools/blur-background): a portrait-mode depth-of-field look.
 *
 * 1. IS-Net finds the subject (removeBackground's alpha, cached per input so re-runs at another strength skip it).
 * 2. The alpha is cut at the SPEC §9 feather threshold 0.5 and feathered with a Gaussian of σ = `feather` px.
 * 3. The background is blurred WITHOUT the subject's colours: the subject (grown by a small ring) is first filled
 *    with the surrounding background colours (push-pull), then the whole picture is blurred. A plain blur would
 *    smear a bright subject into a bright halo around it.
 * 4. Sharp subject over blurred background, same size as the input (EXIF-upright, transparency flattened on white).
 *
 * Radius: the tool's level is `blurAmount(strength)`, the SPEC §5 blur range 0..3; one level is the SPEC §9 blur size
 * scale `5.5 × width/1080` px, so σ = strength/100 × 3 × 5.5 × width/1080 (16.5 px at 100 on a 1080 px wide photo)
 * and the look is the same at any resolution. The blur renders at most 1280 px on the long side (SPEC §9), σ scaled
 * alike, then the blurred background is upscaled (it has no detail left to lose).
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { blurAmount, blurRenderSize, blurSizeScale, boxBlurRgba, validateBlurRadius } from '../../../engine/effects/blur';
import { ResultCode } from '../../../engine/spec/errors';
import { parseTaskParams, type TaskParams } from '../../../engine/spec/tasks';
import { UPLOAD_MAX_PIXELS } from '../../../engine/spec/limits';
import { ApiError } from '../envelope';
import { removeBackground } from '../models/removeBackground';
import { refinedAlpha } from '../backgrounds/refinedCutout';
import { readParamFile } from '../tasks/paramFiles';
import { readInput, type Processor } from '../tasks/processor';
import { compositeOver, dilateMask, pushPullFill, thresholdMask } from './bgblurPixels';

/** Below this σ (px) a blur is invisible: the photo comes back unchanged. */
const MIN_VISIBLE_SIGMA = 0.3;
/** Ring (render px) the subject is grown by before the fill, so IS-Net's edge pixels never colour the background. */
const EXCLUDE_RING_PX = 2;

export type BgblurParams = TaskParams<'bgblur'>;

/** Validates the task params against the task table (extra keys such as inputKey pass through); bad values → PARAMS_INVALID. */
export function parseBgblurParams(params: Record<string, unknown>): BgblurParams {
  const parsed = parseTaskParams('bgblur', params);
  if (!parsed.ok) throw new ApiError(ResultCode.PARAMS_INVALID, parsed.message);
  return parsed.value;
}

/** Gaussian σ (px, full resolution) of the background for a strength 0..100 on a photo `width` px wide. */
export function bgblurSigma(strength: number, width: number): number {
  return blurAmount(strength) * blurSizeScale(100, width);
}

// --- IS-Net alpha cache: the page re-runs on every strength change with the same file. ---
const MASK_CACHE_MAX_BYTES = 64 * 1024 * 1024;
const maskCache = new Map<string, Uint8Array>();

/**
 * The IS-Net subject alpha (0..255, upright, full size) of an input file, as removeBackground computes it. Cached by
 * the file's SHA-256 (64 MB in all, least recently used dropped first): a re-run at another strength is instant.
 */
export async function cachedSubjectAlpha(input: Buffer, onProgress: (f: number) => void = () => undefined): Promise<Uint8Array> {
  const key = createHash('sha256').update(input).digest('hex');
  const hit = maskCache.get(key);
  if (hit) {
    maskCache.delete(key); // most recently used goes last
    maskCache.set(key, hit);
    return hit;
  }
  const { alpha } = await removeBackground(input, onProgress);
  maskCache.set(key, alpha);
  let total = [...maskCache.values()].reduce((sum, a) => sum + a.byteLength, 0);
  for (const [k, a] of maskCache) {
    if (total <= MASK_CACHE_MAX_BYTES || k === key) break;
    maskCache.delete(k);
    total -= a.byteLength;
  }
  return alpha;
}

/** Upright, sRGB, 3-channel pixels; transparency flattened on white. Not an image → PARAMS_INVALID. */
async function decodeRgb(input: Buffer): Promise<{ rgb: Buffer; width: number; height: number }> {
  try {
    const { data, info } = await sharp(input, { failOn: 'error', limitInputPixels: UPLOAD_MAX_PIXELS })
      .rotate()
      .toColourspace('srgb')
      .flatten({ background: '#ffffff' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { rgb: data, width: info.width, height: info.height };
  } catch {
    throw new ApiError(ResultCode.PARAMS_INVALID, 'the input is not a readable image');
  }
}

const raw = (width: number, height: number, channels: 1 | 3 | 4) => ({ raw: { width, height, channels } });

/** The background with the subject filled in from around it, blurred with σ (full-resolution px), at full size. */
async function blurredBackground(rgb: Buffer, subject: Uint8Array, width: number, height: number, sigma: number): Promise<Buffer> {
  const render = blurRenderSize(width, height);
  const smallRgb =
    render.scale < 1
      ? await sharp(rgb, raw(width, height, 3))
          .resize(render.width, render.height, { fit: 'fill' })
          .raw()
          .toBuffer()
      : rgb;
  // Any render pixel touched by the subject counts as subject (linear resize, then > 0), grown by the ring.
  const smallSubject =
    render.scale < 1
      ? await sharp(Buffer.from(subject.buffer, subject.byteOffset, subject.length), raw(width, height, 1))
          .resize(render.width, render.height, { fit: 'fill', kernel: 'linear' })
          .extractChannel(0)
          .raw()
          .toBuffer()
      : subject;
  const grown = dilateMask(smallSubject, render.width, render.height, EXCLUDE_RING_PX);
  const known = new Uint8Array(grown.length);
  for (let i = 0; i < known.length; i++) known[i] = grown[i] > 0 ? 0 : 255;
  const filled = pushPullFill(smallRgb, known, render.width, render.height);
  const blurred = boxBlurRgba(filled, render.width, render.height, validateBlurRadius(sigma * render.scale));
  return sharp(Buffer.from(blurred.buffer, blurred.byteOffset, blurred.length), raw(render.width, render.height, 4))
    .removeAlpha()
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
}

/** Sharp subject over a blurred background; returns PNG bytes the size of the (upright) input. */
export async function blurBackground(
  input: Buffer,
  params: BgblurParams,
  onProgress: (fraction: number) => void = () => undefined,
  checkCancelled: () => Promise<void> = async () => undefined,
  /** The subject's alpha (the photo's upright size) from the user's refined cut-out, instead of the model's. */
  refined?: Uint8Array,
): Promise<Buffer> {
  const { rgb, width, height } = await decodeRgb(input);
  const encode = (pixels: Buffer) =>
    sharp(pixels, raw(width, height, 3))
      .png({ compressionLevel: 6, adaptiveFiltering: false })
      .toBuffer();
  const sigma = bgblurSigma(params.strength, width);
  if (sigma < MIN_VISIBLE_SIGMA) {
    onProgress(1);
    return encode(rgb);
  }
  onProgress(0.05);
  const alpha = refined ?? (await cachedSubjectAlpha(input, (f) => onProgress(0.05 + 0.65 * f)));
  if (alpha.length !== width * height) throw new ApiError(ResultCode.POST_PROCESS_FAILED, 'subject mask size does not match the image');
  await checkCancelled();

  const subject = thresholdMask(alpha);
  const feathered =
    params.feather > 0
      ? await sharp(Buffer.from(subject.buffer, subject.byteOffset, subject.length), raw(width, height, 1))
          .blur(Math.max(0.3, params.feather))
          .extractChannel(0)
          .raw()
          .toBuffer()
      : subject;
  onProgress(0.75);
  const background = await blurredBackground(rgb, subject, width, height, sigma);
  onProgress(0.9);
  await checkCancelled();
  const png = await encode(compositeOver(rgb, background, feathered));
  onProgress(1);
  return png;
}

/**
 * `bgblur` task: params { strength 0..100 = 50, feather px 0..50 = 3, cutoutUrl? (the user's refined cut-out,
 * which stays sharp instead of the model's subject) } → PNG, same size as the input.
 */
export const bgblurProcessor: Processor = async (ctx) => {
  const params = parseBgblurParams(ctx.params);
  const input = await readInput(ctx);
  const cut = await readParamFile(ctx, 'cutoutUrl');
  const refined = cut ? await refinedAlpha(input, cut) : undefined;
  await ctx.checkCancelled();
  const body = await blurBackground(input, params, ctx.onProgress, () => ctx.checkCancelled(), refined);
  return { body, contentType: 'image/png', extension: 'png' };
};
