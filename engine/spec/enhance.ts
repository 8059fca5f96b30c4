/**
 * Options and limits of the photo enhancer (task `picenhance`), shared by the server and the
 * page (pure constants, no Node imports). The SPEC names the strengths (§3 Slight, Balance,
 * Strong); the numbers are ours, chosen from the measurements in models-restoration.md.
 */
import { ENHANCE_STRENGTHS } from './kinds';

export type EnhanceStrength = (typeof ENHANCE_STRENGTHS)[number];
export type EnhanceScale = 2 | 4;
export type EnhanceMode = 'upscale' | 'denoise';
export type EnhanceQuality = 'fast' | 'high';

/**
 * How much of the model's output is kept; the rest is a plain lanczos3 resize of the input
 * (for denoise: the input itself). Slight keeps half the original texture (GAN upscalers wipe
 * fine texture such as skin pores), Strong is the raw model output.
 */
export const STRENGTH_BLEND: Record<EnhanceStrength, number> = { Slight: 0.5, Balance: 0.8, Strong: 1 };

/** Defaults of every submit parameter. */
export const ENHANCE_DEFAULTS = {
  efMode: 'Balance' as EnhanceStrength,
  scale: 4 as EnhanceScale,
  mode: 'upscale' as EnhanceMode,
  quality: 'fast' as EnhanceQuality,
};

/**
 * Largest input, in pixels, per job. Every mode runs the 4× model on the whole input, so the
 * cost grows with the input size (x4fast ≈ 11–22 s per MP on 2 cores); 4× is also bounded by
 * its output (2 MP in → 32 MP out).
 */
export const ENHANCE_MAX_PIXELS = {
  upscale4: 2_000_000,
  upscale2: 4_000_000,
  denoise: 4_000_000,
  /** realesrgan-x4plus ("high quality") is about 8× slower than x4fast, whatever the mode. */
  high: 500_000,
} as const;

/** The pixel cap that applies to a job with these options. */
export function maxInputPixels(opts: { scale: EnhanceScale; mode: EnhanceMode; quality: EnhanceQuality }): number {
  if (opts.quality === 'high') return ENHANCE_MAX_PIXELS.high;
  if (opts.mode === 'denoise') return ENHANCE_MAX_PIXELS.denoise;
  return opts.scale === 4 ? ENHANCE_MAX_PIXELS.upscale4 : ENHANCE_MAX_PIXELS.upscale2;
}

/** Output size factor: denoise keeps the size. */
export const outputScale = (opts: { scale: EnhanceScale; mode: EnhanceMode }): 1 | 2 | 4 => (opts.mode === 'denoise' ? 1 : opts.scale);
