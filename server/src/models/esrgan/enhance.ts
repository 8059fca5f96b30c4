import sharp from 'sharp';
import { ResultCode } from '../../../../engine/spec/errors';
import { UPLOAD_MAX_PIXELS } from '../../../../engine/spec/limits';
import { ApiError } from '../../envelope';
import {
  ENHANCE_DEFAULTS,
  STRENGTH_BLEND,
  maxInputPixels,
  outputScale,
  type EnhanceMode,
  type EnhanceQuality,
  type EnhanceScale,
  type EnhanceStrength,
} from '../../../../engine/spec/enhance';
import type { EsrganModel } from './session';
import { runTiled } from './tiledRunner';

export interface EnhanceOptions {
  scale?: EnhanceScale;
  mode?: EnhanceMode;
  quality?: EnhanceQuality;
  strength?: EnhanceStrength;
  /** Overrides the model's tile side (tests compare tiled and one-tile runs). */
  tileSize?: number;
  onProgress?(fraction: number): void;
  checkCancelled?(): Promise<void>;
}

export interface EnhanceResult {
  body: Buffer;
  format: 'png' | 'jpeg';
  width: number;
  height: number;
}

/** JPEG quality of results whose input was a JPEG: high, because detail is the point. */
const JPEG_OUTPUT_QUALITY = 92;

const megapixels = (pixels: number) => `${(pixels / 1e6).toFixed(pixels < 1e6 ? 2 : 1)} MP`;

function describeJob(opts: { scale: EnhanceScale; mode: EnhanceMode; quality: EnhanceQuality }): string {
  if (opts.quality === 'high') return 'high quality enhancing';
  return opts.mode === 'denoise' ? 'denoising' : `${opts.scale}× upscaling`;
}

/**
 * Enhances a photo with Real-ESRGAN: 4× or 2× upscale, or denoise at the same size.
 * - `quality` fast = realesrgan-x4fast, high = realesrgan-x4plus (inputs ≤ 0.5 MP only).
 * - `strength` blends the model output with a plain lanczos3 resize: Slight 50 %, Balance 80 %,
 *   Strong 100 % model (for denoise: with the input itself, i.e. how much noise is removed).
 * - 2× and denoise run the 4× model, then lanczos-downscale by 2 or 4 (tile by tile).
 * Alpha is kept (lanczos-resized). JPEG inputs without alpha give JPEG, everything else PNG.
 * Inputs over the job's pixel cap (limits.ts) fail with PARAMS_INVALID before any work.
 */
export async function enhanceImage(input: Buffer, options: EnhanceOptions = {}): Promise<EnhanceResult> {
  const opts = {
    scale: options.scale ?? ENHANCE_DEFAULTS.scale,
    mode: options.mode ?? ENHANCE_DEFAULTS.mode,
    quality: options.quality ?? ENHANCE_DEFAULTS.quality,
    strength: options.strength ?? ENHANCE_DEFAULTS.efMode,
  };
  const progress = options.onProgress ?? (() => undefined);
  const meta = await sharp(input, { failOn: 'error', limitInputPixels: UPLOAD_MAX_PIXELS }).metadata();
  const upright = meta.autoOrient ?? meta;
  if (!upright.width || !upright.height) throw new ApiError(ResultCode.PARAMS_INVALID, 'the file is not an image we can read');
  const cap = maxInputPixels(opts);
  const inputPixels = upright.width * upright.height;
  if (inputPixels > cap) {
    throw new ApiError(
      ResultCode.PARAMS_INVALID,
      `the image is ${upright.width}×${upright.height} (${megapixels(inputPixels)}); ${describeJob(opts)} takes at most ${megapixels(cap)}`,
    );
  }

  // Decode once: upright, sRGB, 8-bit.
  const { data, info } = await sharp(input, { failOn: 'error', limitInputPixels: UPLOAD_MAX_PIXELS })
    .rotate()
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const hasAlpha = info.channels === 4 || info.channels === 2;
  const { rgb, alpha } = splitChannels(data, info.width * info.height, info.channels);
  progress(0.05);

  const s = outputScale(opts);
  const model: EsrganModel = opts.quality === 'high' ? 'realesrgan-x4plus' : 'realesrgan-x4fast';
  const rgbOut = await runTiled(rgb, width, height, {
    model,
    outScale: s,
    blend: STRENGTH_BLEND[opts.strength],
    tileSize: options.tileSize,
    onTile: (done, total) => progress(0.05 + (0.85 * done) / total),
    checkCancelled: options.checkCancelled,
  });

  const outWidth = width * s;
  const outHeight = height * s;
  const raw = { raw: { width: outWidth, height: outHeight, channels: 3 as const } };
  let image = sharp(rgbOut, raw);
  if (hasAlpha && alpha) {
    const scaled =
      s === 1
        ? alpha
        : await sharp(alpha, { raw: { width, height, channels: 1 } })
            .resize(outWidth, outHeight, { kernel: 'lanczos3', fit: 'fill' })
            .extractChannel(0)
            .raw()
            .toBuffer();
    image = image.joinChannel(scaled, { raw: { width: outWidth, height: outHeight, channels: 1 } });
  }
  progress(0.92);
  // A JPEG in stays a JPEG out: a 16 MP photo as PNG is ~40 MB and slow to encode, and the
  // input's detail was already lossy. Anything that could carry alpha or line art stays PNG.
  const format = meta.format === 'jpeg' && !hasAlpha ? 'jpeg' : 'png';
  const body =
    format === 'jpeg'
      ? await image.jpeg({ quality: JPEG_OUTPUT_QUALITY, chromaSubsampling: '4:4:4' }).toBuffer()
      : await image.png({ compressionLevel: 4, adaptiveFiltering: false }).toBuffer();
  progress(1);
  return { body, format, width: outWidth, height: outHeight };
}

/** Interleaved 1–4 channel bytes → RGB plus alpha (null when there is none). */
function splitChannels(data: Buffer, pixels: number, channels: number): { rgb: Uint8Array; alpha: Buffer | null } {
  if (channels === 3) return { rgb: data, alpha: null };
  const rgb = Buffer.allocUnsafe(pixels * 3);
  const alpha = channels === 2 || channels === 4 ? Buffer.allocUnsafe(pixels) : null;
  const colour = channels >= 3; // 1 and 2 channels are grey (+ alpha)
  for (let p = 0; p < pixels; p++) {
    const i = p * channels;
    rgb[p * 3] = data[i];
    rgb[p * 3 + 1] = data[colour ? i + 1 : i];
    rgb[p * 3 + 2] = data[colour ? i + 2 : i];
    if (alpha) alpha[p] = data[i + channels - 1];
  }
  return { rgb, alpha };
}
