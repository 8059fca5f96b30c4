/**
 * The effect stack of a layer or of the whole canvas: which passes to run, in which order, and which shader files they
 * need. Pure data; the renderers (GL and CPU, src/editor/render/renderers) execute the passes.
 *
 * Order (identity passes left out):
 *   1. lut     the filter's lookup table at FilterParams.strength
 *   2. blur    \ the filter's combination adjustments (FilterParams.combination), split like the layer's own
 *   3. adjust  /
 *   4. blur    the layer's adjust blur (a whole-image Gaussian, first of the adjustments — see cpuAdjust.ts)
 *   5. adjust  the layer's other adjustments in the fixed order of cpuAdjust.ts (the pass's params have blur = 0)
 * The filter runs first because a filter is a "look" chosen from thumbnails of the unadjusted photo; the user's own
 * sliders then fine-tune the filtered result.
 */
import type { AdjustParams, FilterParams } from '../doc/types';
import { BLUR_REFERENCE_WIDTH, isIdentityAdjust } from './adjustRanges';
import { readsBlurredCopy } from './adjustUniforms';
import { blurSizeScale } from './blur';
import type { FilterDef } from './filters/catalogue';
import { combinationParams, filterFor } from './filters/applyFilter';

export interface LutPass {
  kind: 'lut';
  filter: FilterDef;
  strength: number;
}
export interface AdjustPass {
  kind: 'adjust';
  params: AdjustParams;
}
export interface BlurPass {
  kind: 'blur';
  /** The SPEC blur amount 0..100 (|AdjustParams.blur|). */
  amount: number;
  /** σ in px for a layer `layerWidth` wide (blurSizeScale); use blurPassRadius for another render width. */
  radius: number;
}
export type EffectPass = LutPass | AdjustPass | BlurPass;

/** Anything holding effect parameters: a Layer, a Project, or a bare pair. */
export interface EffectParamsSource {
  adjustParams: AdjustParams | null;
  filterParams: FilterParams | null;
}
export interface EffectStackOptions {
  /** Width the blur radius is computed for; default the layer's rect.w, the project's canvasW, else 1080. */
  layerWidth?: number;
}

function widthOf(src: EffectParamsSource, opts?: EffectStackOptions): number {
  if (opts?.layerWidth) return opts.layerWidth;
  const s = src as { rect?: { w?: number }; canvasW?: number };
  return s.rect?.w || s.canvasW || BLUR_REFERENCE_WIDTH;
}

/** A blur pass then an adjust pass for one AdjustParams, each only when it changes something. */
function adjustPasses(params: AdjustParams | null, layerWidth: number): EffectPass[] {
  if (!params || isIdentityAdjust(params)) return [];
  const out: EffectPass[] = [];
  const amount = Math.min(100, Math.abs(params.blur || 0));
  if (amount > 0) out.push({ kind: 'blur', amount, radius: blurSizeScale(amount, layerWidth) });
  const rest: AdjustParams = { ...params, blur: 0 };
  if (!isIdentityAdjust(rest)) out.push({ kind: 'adjust', params: rest });
  return out;
}

/** The ordered, identity-free passes for a layer or the project (see the header for the order). */
export function layerEffectPasses(src: EffectParamsSource, opts?: EffectStackOptions): EffectPass[] {
  const w = widthOf(src, opts);
  const passes: EffectPass[] = [];
  const fp = src.filterParams;
  const filter = filterFor(fp);
  if (fp && filter && fp.strength > 0) passes.push({ kind: 'lut', filter, strength: Math.min(100, fp.strength) });
  if (fp) passes.push(...adjustPasses(combinationParams(fp.combination ?? filter?.combination), w));
  passes.push(...adjustPasses(src.adjustParams, w));
  return passes;
}

/** σ of a blur pass for an image rendered `renderWidth` px wide (capped at the validated 32). */
export function blurPassRadius(pass: BlurPass, renderWidth: number): number {
  return Math.min(32, blurSizeScale(pass.amount, renderWidth));
}

export type ShaderFile = 'adjust.frag' | 'lut.frag' | 'blur.frag';

/** Shader files one pass needs; an adjust pass whose steps sample blurred copies (sharpen, structure, clarity, glow) also needs blur.frag. */
export function needsShader(pass: EffectPass): ShaderFile[] {
  if (pass.kind === 'lut') return ['lut.frag'];
  if (pass.kind === 'blur') return ['blur.frag'];
  return readsBlurredCopy(pass.params) ? ['adjust.frag', 'blur.frag'] : ['adjust.frag'];
}

/** The distinct shader files a list of passes needs (for pre-download), in first-use order. */
export function shaderFilesFor(passes: readonly EffectPass[]): ShaderFile[] {
  const out: ShaderFile[] = [];
  for (const p of passes) for (const f of needsShader(p)) if (!out.includes(f)) out.push(f);
  return out;
}

/** What a renderer accepts as input. */
export type EffectSource = HTMLCanvasElement | OffscreenCanvas | ImageBitmap | HTMLImageElement;

/** Runs effect passes; implemented with WebGL (GlEffectRenderer) and on the CPU (CpuEffectRenderer). */
export interface EffectRenderer {
  readonly kind: 'webgl' | 'cpu';
  /** Renders `source` through `passes` at `size` into a canvas (a new one, or one the renderer owns until next call). */
  render(source: EffectSource, passes: readonly EffectPass[], size: { width: number; height: number }): Promise<HTMLCanvasElement>;
  /** Releases GL resources / buffers. */
  dispose(): void;
}
