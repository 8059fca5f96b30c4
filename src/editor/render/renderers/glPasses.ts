/**
 * Runs effect passes (engine/effects/effectStack.ts) on the GlRunner: lut.frag, blur.frag (two separable
 * draws through a float intermediate when available) and adjust.frag with its blurred copies and the grain
 * texture. Numbers come from the same engine functions the CPU path uses (adjustUniforms, blurPassRadius,
 * filterLut), so the two paths differ only by float-vs-double rounding.
 */
import { ADJUST_STEP_ORDER, ADJUSTMENTS, SCALAR_ADJUST_KEYS } from '../../../../engine/doc/adjustRegistry';
import { adjustUniforms, blurredCopies, type AdjustUniforms } from '../../../../engine/effects/adjustUniforms';
import { BLUR_RENDER_MAX_SIDE } from '../../../../engine/effects/blur';
import { blurPassRadius, type EffectPass } from '../../../../engine/effects/effectStack';
import { filterLut } from '../../../../engine/effects/filters/applyFilter';
import { LUT_SIZE } from '../../../../engine/effects/filters/lut';
import type { UniformValue } from './glProgram';
import type { GlRunner, GlTarget } from './glRunner';
import { cachedShader } from './shaderSource';

/** Where the rendered picture sits in the whole image (tiles of a large export). */
export interface PassGeometry {
  /** The whole image, px: blur radii, vignette and the local-contrast σ are relative to it. */
  imageWidth: number;
  imageHeight: number;
  /** This tile's top-left pixel in the whole image (0, 0 when not tiled). */
  originX: number;
  originY: number;
}

/**
 * Compiles a shader file whose text was downloaded, optionally with preprocessor `defines` prepended (a
 * separate program per set); returns the program name, or null (warned by the caller) when not downloaded.
 */
export function ensureProgram(runner: GlRunner, file: string, defines: readonly string[] = []): string | null {
  const text = cachedShader(file);
  if (text === undefined) return null;
  const name = defines.length ? `${file}|${defines.join(',')}` : file;
  runner.program(name, defines.length ? `${defines.map((d) => `#define ${d}\n`).join('')}${text}` : text);
  return name;
}

/**
 * The adjust.frag steps an adjustment pass needs (its `#define USE_*` switches): a software rasteriser runs a
 * shader holding only the active steps several times faster than the full one.
 */
export function adjustDefines(u: AdjustUniforms): string[] {
  const defines = ['SPECIALIZED'];
  for (const key of ADJUST_STEP_ORDER) {
    const { define, neutral } = ADJUSTMENTS[key];
    if (!define) continue;
    const active = key === 'vignette' ? !!u.vignette?.amount : u[key] !== neutral;
    if (active) defines.push(`USE_${define}`);
  }
  if (u.pgrain) defines.push('USE_PGRAIN');
  return defines;
}

/** A texture-backed picture on the GPU: an uploaded source or a pass result. */
export interface GlPicture {
  texture: WebGLTexture;
  width: number;
  height: number;
  /** The target to release when the picture is a pass result (not the caller's input). */
  target?: GlTarget;
}

function release(runner: GlRunner, picture: GlPicture): void {
  if (picture.target) runner.releaseTarget(picture.target);
}

/** The smallest σ (px) a downscaled blur keeps: below it bilinear upsampling would show. */
export const DOWNSCALED_BLUR_MIN_SIGMA = 1.5;

/**
 * Downscale factor (a power of two) for a σ px blur of a width×height picture: the blur runs on a smaller copy
 * and is sampled back up bilinearly. The copy keeps σ ≥ 1.5 px (smooth upsampling, few taps: software
 * rasterisers pay per texel fetch), and it is at most BLUR_RENDER_MAX_SIDE (1280) on its long side (SPEC §9)
 * as long as σ ≥ 1 px there. Small blurs (sharpen's 1 px) stay at full size.
 */
export function blurDownscale(width: number, height: number, sigma: number): number {
  let k = 1;
  while (sigma / (k * 2) >= DOWNSCALED_BLUR_MIN_SIGMA) k *= 2;
  while (Math.max(width, height) / k > BLUR_RENDER_MAX_SIDE && sigma / (k * 2) >= 1) k *= 2;
  return k;
}

/** Draws `input` into a new target of the given size through blur.frag as a plain copy (σ 0). */
function copyInto(runner: GlRunner, texture: WebGLTexture, width: number, height: number): GlTarget {
  const out = runner.target(width, height);
  try {
    runner.draw('blur.frag', { t: texture, direction: [0, 0], sigma: 0, premultiplyInput: 0, unpremultiplyOutput: 0 }, out, width, height);
  } catch (error) {
    runner.releaseTarget(out);
    throw error;
  }
  return out;
}

/**
 * Halves `input` `levels` times, each level one LINEAR fetch at the corner of 2×2 texels (their mean).
 * Returns the smallest level (a target to release), or null for 0 levels.
 */
function halve(runner: GlRunner, input: GlPicture, levels: number): GlTarget | null {
  let level: GlTarget | null = null;
  for (let i = 0; i < levels; i++) {
    const from = level ?? input;
    runner.setFilter(from.texture, true);
    try {
      const next = copyInto(runner, from.texture, Math.max(1, Math.ceil(from.width / 2)), Math.max(1, Math.ceil(from.height / 2)));
      if (level) runner.releaseTarget(level);
      level = next;
    } finally {
      if (from === input) runner.setFilter(input.texture, false);
    }
  }
  return level;
}

/**
 * Gaussian blur (σ px) of a picture into a new 8-bit target. A wide blur runs on a downscaled copy (see
 * blurDownscale): the result is then smaller than the input and set to LINEAR sampling, so a shader reading it
 * by `uv` gets it smoothly upsampled; `fullSize` upsamples it back to the input's size instead.
 * Downscaling averages straight colour, so a soft layer edge can darken slightly (full-size blurs are exact).
 */
export function blurPicture(runner: GlRunner, input: GlPicture, sigma: number, fullSize = false): GlPicture {
  if (!ensureProgram(runner, 'blur.frag')) throw new Error('Shader blur.frag was not downloaded');
  const k = blurDownscale(input.width, input.height, sigma);
  const reduced = halve(runner, input, Math.round(Math.log2(k)));
  const source: GlPicture = reduced ?? input;
  const { width, height } = source;
  const s = sigma / k;
  const middle = runner.target(width, height, runner.supportsFloatTargets);
  let out = runner.target(width, height);
  try {
    runner.draw('blur.frag', { t: source.texture, direction: [1 / width, 0], sigma: s, premultiplyInput: 1, unpremultiplyOutput: 0 }, middle, width, height);
    runner.draw('blur.frag', { t: middle.texture, direction: [0, 1 / height], sigma: s, premultiplyInput: 0, unpremultiplyOutput: 1 }, out, width, height);
    if (reduced) {
      runner.setFilter(out.texture, true);
      if (fullSize) {
        const up = copyInto(runner, out.texture, input.width, input.height);
        runner.releaseTarget(out);
        out = up;
      }
    }
  } catch (error) {
    runner.releaseTarget(out);
    throw error;
  } finally {
    runner.releaseTarget(middle);
    if (reduced) runner.releaseTarget(reduced);
  }
  return { texture: out.texture, width: out.width, height: out.height, target: out };
}

/** Uniform values of adjust.frag for mapped adjustments (the shader table's names). */
export function adjustShaderUniforms(u: AdjustUniforms, geometry: PassGeometry, grainSize: number): Record<string, number | number[]> {
  const vignette = u.vignette;
  const pgrain = u.pgrain;
  const steps: Record<string, number> = {};
  for (const key of SCALAR_ADJUST_KEYS) if (ADJUSTMENTS[key].define) steps[key] = u[key];
  return {
    ...steps,
    vignetteStart: vignette?.start ?? 0.7,
    vignetteAmount: vignette?.amount ?? 0,
    vignetteColor: vignette?.color ?? 0,
    // grain.ts pgrainCell: whole pixels so CPU and GL cells line up.
    pgrainCell: pgrain ? Math.max(1, Math.round(pgrain.size)) : 1,
    pgrainAmount: pgrain?.amount ?? 0,
    pgrainHighlights: pgrain?.highlights ?? 0,
    pgrainRoughness: pgrain?.roughness ?? 0.25,
    grainSize,
    imageSize: [geometry.imageWidth, geometry.imageHeight],
    tileOrigin: [geometry.originX, geometry.originY],
  };
}

export interface PassContext {
  runner: GlRunner;
  geometry: PassGeometry;
  /** The grain texture on the GPU and its side (see grainSource.ts). */
  grain: () => { texture: WebGLTexture; size: number };
}

function adjustPass(ctx: PassContext, input: GlPicture, u: AdjustUniforms): GlPicture {
  const { runner, geometry } = ctx;
  const program = ensureProgram(runner, 'adjust.frag', adjustDefines(u));
  if (!program) throw new Error('Shader adjust.frag was not downloaded');
  const blurred: GlPicture[] = [];
  const blurOf = (sigma: number) => {
    const picture = blurPicture(runner, input, sigma);
    blurred.push(picture);
    return picture.texture;
  };
  try {
    const textures: Record<string, UniformValue> = { t: input.texture };
    for (const copy of blurredCopies(u)) textures[copy.name] = blurOf(copy.sigma);
    let grainSize = 1;
    if (u.grain || u.pgrain) {
      const grain = ctx.grain();
      textures.grainTex = grain.texture;
      grainSize = grain.size;
    }
    // Unused samplers still need a valid binding: point them at the input.
    for (const name of ['blurS', 'blurM', 'blurL', 'grainTex']) textures[name] ??= input.texture;
    const out = runner.target(input.width, input.height);
    try {
      runner.draw(program, { ...textures, ...adjustShaderUniforms(u, geometry, grainSize) }, out, input.width, input.height);
    } catch (error) {
      runner.releaseTarget(out);
      throw error;
    }
    return { texture: out.texture, width: input.width, height: input.height, target: out };
  } finally {
    for (const picture of blurred) release(runner, picture);
  }
}

function lutPass(runner: GlRunner, input: GlPicture, pass: Extract<EffectPass, { kind: 'lut' }>): GlPicture {
  const texture = runner.pool.getOrCreate(`lut:${pass.filter.uid}`, () => runner.texture(LUT_SIZE, LUT_SIZE, filterLut(pass.filter)));
  const out = runner.target(input.width, input.height);
  try {
    runner.draw('lut.frag', { t: input.texture, lut: texture, strength: pass.strength }, out, input.width, input.height);
  } catch (error) {
    runner.releaseTarget(out);
    throw error;
  }
  return { texture: out.texture, width: input.width, height: input.height, target: out };
}

/**
 * Runs `passes` in order on `input` (not released) and returns the final picture (release its target when done;
 * with no effective pass it is `input` itself). A LUT pass whose lut.frag was not pre-downloaded is not built:
 * it is skipped with a warning (SPEC §4).
 */
export function runGlPasses(ctx: PassContext, input: GlPicture, passes: readonly EffectPass[]): GlPicture {
  const { runner, geometry } = ctx;
  let current = input;
  const step = (next: GlPicture) => {
    if (current !== input) release(runner, current);
    current = next;
  };
  try {
    for (const pass of passes) {
      if (pass.kind === 'lut') {
        if (!ensureProgram(runner, 'lut.frag')) {
          console.warn(`Filter ${pass.filter.uid} skipped: its shader lut.frag was not pre-downloaded`);
          continue;
        }
        step(lutPass(runner, current, pass));
      } else if (pass.kind === 'blur') {
        step(blurPicture(runner, current, blurPassRadius(pass, geometry.imageWidth), true));
      } else {
        const u = adjustUniforms(pass.params, geometry.imageWidth, geometry.imageHeight, geometry.imageWidth);
        if (u.blur > 0) step(blurPicture(runner, current, u.blur, true));
        step(adjustPass(ctx, current, u));
      }
    }
  } catch (error) {
    if (current !== input) release(runner, current);
    throw error;
  }
  return current;
}

/** The blur reach (px) of a pass list: how far a tile must overlap its neighbours to render like the whole. */
export function passReach(passes: readonly EffectPass[], imageWidth: number, imageHeight: number): number {
  let reach = 0;
  for (const pass of passes) {
    if (pass.kind === 'blur') reach += Math.ceil(3 * blurPassRadius(pass, imageWidth));
    if (pass.kind === 'adjust') {
      const u = adjustUniforms(pass.params, imageWidth, imageHeight, imageWidth);
      reach += Math.ceil(3 * u.blur) + Math.ceil(3 * Math.max(0, ...blurredCopies(u).map((copy) => copy.sigma)));
    }
  }
  return reach;
}
