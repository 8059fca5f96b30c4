/**
 * The effect shaders of shaders/*.frag and their uniforms. The GLSL text is NOT bundled: the browser fetches it
 * from `GET /raw/gl/<file>` (src/editor/render/renderers/shaderSource.ts), so this module only names the files and describes
 * each uniform once — `{ default, min, max, labelKey }` — for panels, tests and the renderers (engineering guide §C 4.5).
 *
 * - `uniforms`: the numbers an effect exposes (range = what the shader accepts; default = no change).
 * - `textures`: sampler2D uniforms, bound by the renderer.
 * - `internal`: geometry the renderer sets per draw (sizes, tile origin, direction), not user-facing.
 * shaders/index.test.ts checks the table against the `uniform` declarations of each .frag file.
 */
import { Shaders } from 'gl-react';
import { BLEND_MODES } from '../engine/doc/types';
import { ADJUSTMENTS, SCALAR_ADJUST_KEYS } from '../engine/doc/adjustRegistry';

export const SHADER_FILES = ['adjust.frag', 'lut.frag', 'blur.frag', 'blend.frag'] as const;
export type ShaderFileName = (typeof SHADER_FILES)[number];
export type ShaderName = 'adjust' | 'lut' | 'blur' | 'blend';

export interface UniformSpec {
  /** The value that changes nothing. */
  default: number;
  min: number;
  max: number;
  /** i18n key of its label (the adjust panel's `effects.*` section). */
  labelKey: string;
}

export interface ShaderSpec {
  file: ShaderFileName;
  textures: readonly string[];
  uniforms: Readonly<Record<string, UniformSpec>>;
  internal: readonly string[];
}

const adjust = (key: string, def: number, min: number, max: number): UniformSpec => ({
  default: def,
  min,
  max,
  labelKey: `effects.adjustments.${key}`,
});
const pgrain = (key: string, def: number, min: number, max: number): UniformSpec => ({
  default: def,
  min,
  max,
  labelKey: `effects.pgrain.${key}`,
});

/**
 * One uniform per scalar adjustment drawn by adjust.frag (every registry row with a `USE_*` step), named by its key,
 * with the registry's neutral value and uniform range.
 */
function adjustStepUniforms(): Record<string, UniformSpec> {
  const specs: Record<string, UniformSpec> = {};
  for (const key of SCALAR_ADJUST_KEYS) {
    const def = ADJUSTMENTS[key];
    if (!def.define) continue;
    const { min, max } = def.uniformRange ?? def.effect;
    specs[key] = { default: def.neutral, min, max, labelKey: def.labelKey };
  }
  return specs;
}

/** Every shader and its uniforms; ranges are those adjustUniforms() (engine/effects/adjustUniforms.ts) produces. */
export const SHADER_TABLE: Readonly<Record<ShaderName, ShaderSpec>> = Object.freeze({
  adjust: {
    file: 'adjust.frag',
    textures: ['t', 'blurS', 'blurM', 'blurL', 'grainTex'],
    uniforms: {
      ...adjustStepUniforms(),
      vignetteStart: adjust('vignette', 0.7, 0.25, 0.7),
      vignetteAmount: adjust('vignette', 0, 0, 1),
      vignetteColor: adjust('vignette', 0, 0, 1),
      pgrainCell: pgrain('size', 1, 1, 4),
      pgrainAmount: pgrain('amount', 0, 0, 0.2),
      pgrainHighlights: pgrain('highlights', 0, 0, 1),
      pgrainRoughness: pgrain('roughness', 0.25, 0.25, 1),
    },
    internal: ['grainSize', 'imageSize', 'tileOrigin'],
  },
  lut: {
    file: 'lut.frag',
    textures: ['t', 'lut'],
    uniforms: { strength: { default: 100, min: 0, max: 100, labelKey: 'effects.filter.strength' } },
    internal: [],
  },
  blur: {
    file: 'blur.frag',
    textures: ['t'],
    uniforms: { sigma: { default: 0, ...(ADJUSTMENTS.blur.uniformRange ?? ADJUSTMENTS.blur.effect), labelKey: ADJUSTMENTS.blur.labelKey } },
    internal: ['direction', 'premultiplyInput', 'unpremultiplyOutput'],
  },
  blend: {
    file: 'blend.frag',
    textures: ['backdrop', 'source'],
    uniforms: {
      mode: { default: 0, min: 0, max: BLEND_MODES.length - 1, labelKey: 'effects.blend.mode' },
      opacity: { default: 1, min: 0, max: 1, labelKey: 'effects.blend.opacity' },
    },
    internal: ['preBlend'],
  },
});

/** The shader name of a file ('adjust.frag' → 'adjust'). */
export function shaderNameOf(file: ShaderFileName): ShaderName {
  return file.replace(/\.frag$/, '') as ShaderName;
}

/** Default uniform values of a shader (every effect neutral). */
export function defaultUniforms(name: ShaderName): Record<string, number> {
  return Object.fromEntries(Object.entries(SHADER_TABLE[name].uniforms).map(([k, spec]) => [k, spec.default]));
}

/**
 * gl-react shader definitions for the given fetched sources (e.g. for a `<Surface>` preview), created with
 * `Shaders.create` once the text is known. gl-react's default vertex shader provides the same `uv` varying
 * as the raw runner's.
 */
export function glReactShaders(sources: Partial<Record<ShaderFileName, string>>): Record<string, unknown> {
  const defs: Record<string, { frag: string }> = {};
  for (const file of SHADER_FILES) {
    const frag = sources[file];
    if (frag) defs[shaderNameOf(file)] = { frag };
  }
  return Shaders.create(defs) as Record<string, unknown>;
}
