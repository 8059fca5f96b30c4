/**
 * Runs effect passes on the CPU with the engine's reference functions (the WebGL path's fallback and the
 * numbers it is tested against): applyLut, blurCopy (exact Gaussian, three boxes for very large work) and
 * applyAdjustments. Same order and radii as glPasses.ts.
 */
import { applyAdjustments, blurCopy, type RgbaImage } from '../../../../engine/effects/cpuAdjust';
import { blurPassRadius, type EffectPass } from '../../../../engine/effects/effectStack';
import { filterLut } from '../../../../engine/effects/filters/applyFilter';
import { applyLut } from '../../../../engine/effects/filters/lut';

export interface CpuPassOptions {
  /** Grain texel bytes (square); default engine/effects/grain.ts's texture. */
  grainTexture?: Uint8Array;
}

/** `passes` applied in order to `image`; returns a new image (a copy when there is nothing to do). */
export function runCpuPasses(image: RgbaImage, passes: readonly EffectPass[], opts: CpuPassOptions = {}): RgbaImage {
  const { width, height } = image;
  let data: Uint8ClampedArray = new Uint8ClampedArray(image.data);
  for (const pass of passes) {
    if (pass.kind === 'lut') data = applyLut(data, filterLut(pass.filter), pass.strength);
    else if (pass.kind === 'blur') data = blurCopy({ data, width, height }, blurPassRadius(pass, width));
    else data = applyAdjustments({ data, width, height }, pass.params, { grainTexture: opts.grainTexture, layerWidth: width });
  }
  return { data, width, height };
}
