import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultAdjustParams } from '../engine/doc/defaults';
import { BLEND_MODES } from '../engine/doc/types';
import { ADJUST_KEYS, ADJUST_RANGES } from '../engine/effects/adjustRanges';
import { adjustUniforms, HIGHLIGHT_GAIN, TEMPERATURE_GAIN, TINT_GAIN } from '../engine/effects/adjustUniforms';
import { shaderFilesFor, type EffectPass } from '../engine/effects/effectStack';
import { GRAIN_MID, GRAIN_OFFSET_COARSE, GRAIN_OFFSET_FINE } from '../engine/effects/grain';
import { adjustDefines, adjustShaderUniforms } from '../src/editor/render/renderers/glPasses';
import { defaultUniforms, glReactShaders, SHADER_FILES, SHADER_TABLE, shaderNameOf, type ShaderName } from './index';

const source = (file: string) => readFileSync(path.join(__dirname, file), 'utf8');

/** `uniform <type> <name>;` declarations of a GLSL file. */
function declaredUniforms(text: string): { name: string; type: string }[] {
  return [...text.matchAll(/^uniform\s+(\w+)\s+(\w+)\s*;/gm)].map((m) => ({ type: m[1], name: m[2] }));
}

const geometry = { imageWidth: 100, imageHeight: 80, originX: 0, originY: 0 };

describe('shader table', () => {
  it('names every .frag file of shaders/ once', () => {
    const onDisk = readdirSync(__dirname)
      .filter((f) => f.endsWith('.frag'))
      .sort();
    expect([...SHADER_FILES].sort()).toEqual(onDisk);
    for (const file of SHADER_FILES) expect(SHADER_TABLE[shaderNameOf(file)].file).toBe(file);
  });

  for (const name of Object.keys(SHADER_TABLE) as ShaderName[]) {
    it(`${name}: the table lists exactly the uniforms the GLSL declares`, () => {
      const spec = SHADER_TABLE[name];
      const declared = declaredUniforms(source(spec.file));
      expect(
        declared
          .filter((u) => u.type === 'sampler2D')
          .map((u) => u.name)
          .sort(),
      ).toEqual([...spec.textures].sort());
      expect(
        declared
          .filter((u) => u.type !== 'sampler2D')
          .map((u) => u.name)
          .sort(),
      ).toEqual([...Object.keys(spec.uniforms), ...spec.internal].sort());
    });

    it(`${name}: every uniform has a default inside [min, max] and an effects.* label key`, () => {
      for (const [key, u] of Object.entries(SHADER_TABLE[name].uniforms)) {
        expect([u.default, u.min, u.max].every(Number.isFinite), key).toBe(true);
        expect(u.min, key).toBeLessThan(u.max);
        expect(u.default, key).toBeGreaterThanOrEqual(u.min);
        expect(u.default, key).toBeLessThanOrEqual(u.max);
        expect(u.labelKey, key).toMatch(/^effects\.[a-z]+\.[a-zA-Z]+$/);
      }
    });
  }

  it('adjust defaults are what all-zero AdjustParams map to (every effect neutral)', () => {
    const mapped = adjustShaderUniforms(adjustUniforms(defaultAdjustParams(), 100, 80), geometry, 1024);
    const defaults = defaultUniforms('adjust');
    for (const key of Object.keys(defaults)) expect(mapped[key], key).toBe(defaults[key]);
  });

  it('adjust ranges hold every value the stored range maps to, and the extremes reach them', () => {
    const seen: Record<string, number[]> = {};
    for (const key of ADJUST_KEYS) {
      for (const value of [ADJUST_RANGES[key].min, 1, 50, ADJUST_RANGES[key].max]) {
        const params = { ...defaultAdjustParams(), [key]: value, pgrain: { size: value, amount: value, highlights: value, roughness: value } };
        const mapped = adjustShaderUniforms(adjustUniforms(params, 100, 80), geometry, 1024);
        for (const [name, spec] of Object.entries(SHADER_TABLE.adjust.uniforms)) {
          const v = mapped[name] as number;
          expect(v, `${key}=${value} → ${name}`).toBeGreaterThanOrEqual(spec.min - 1e-12);
          expect(v, `${key}=${value} → ${name}`).toBeLessThanOrEqual(spec.max + 1e-12);
          (seen[name] ??= []).push(v);
        }
      }
    }
    for (const [name, spec] of Object.entries(SHADER_TABLE.adjust.uniforms)) {
      expect(Math.min(...seen[name]), `${name} reaches its min`).toBeCloseTo(spec.min, 9);
      expect(Math.max(...seen[name]), `${name} reaches its max`).toBeCloseTo(spec.max, 9);
    }
  });

  it('adjust.frag declares the same gains, luma weights and grain offsets as the CPU reference', () => {
    const text = source('adjust.frag');
    expect(text).toContain(`TEMPERATURE_GAIN = ${TEMPERATURE_GAIN}`);
    expect(text).toContain(`TINT_GAIN = ${TINT_GAIN}`);
    expect(text).toContain(`HIGHLIGHT_GAIN = ${HIGHLIGHT_GAIN}`);
    expect(text).toContain(`GRAIN_MID = ${GRAIN_MID}.0`);
    expect(text).toContain('vec3(0.2126, 0.7152, 0.0722)');
    expect(text).toContain(`noiseAt(f.x + ${GRAIN_OFFSET_FINE[0]}.0, f.y + ${GRAIN_OFFSET_FINE[1]}.0)`);
    expect(text).toContain(`noiseAt(half2.x + ${GRAIN_OFFSET_COARSE[0]}.0, half2.y + ${GRAIN_OFFSET_COARSE[1]}.0)`);
  });

  it('adjust.frag has a USE_* switch for every step the renderer can ask for, and each adjustment turns one on', () => {
    const text = source('adjust.frag');
    const defaultsBlock = text.slice(text.indexOf('#ifndef SPECIALIZED'), text.indexOf('#endif'));
    const asked = new Set<string>();
    for (const key of ADJUST_KEYS.filter((k) => k !== 'blur')) {
      const defines = adjustDefines(adjustUniforms({ ...defaultAdjustParams(), [key]: ADJUST_RANGES[key].max }, 100, 80));
      expect(defines[0]).toBe('SPECIALIZED');
      expect(defines.length, `${key} switches a step on`).toBe(2);
      asked.add(defines[1]);
    }
    asked.add(adjustDefines(adjustUniforms({ ...defaultAdjustParams(), pgrain: { size: 0, amount: 50, highlights: 0, roughness: 0 } }, 100, 80))[1]);
    expect(asked.size).toBe(16);
    for (const define of asked) {
      expect(text, define).toContain(`#ifdef ${define}\n`);
      expect(defaultsBlock, define).toContain(`#define ${define}\n`);
    }
    expect(adjustDefines(adjustUniforms(defaultAdjustParams(), 100, 80))).toEqual(['SPECIALIZED']);
  });

  it('blend.frag handles every mode index of BLEND_MODES (0 and 1 being plain source-over)', () => {
    const text = source('blend.frag');
    expect(SHADER_TABLE.blend.uniforms.mode.max).toBe(BLEND_MODES.length - 1);
    for (let i = 2; i < BLEND_MODES.length; i++) expect(text, BLEND_MODES[i]).toContain(`m == ${i})`);
    expect(text).not.toContain(`m == ${BLEND_MODES.length})`);
  });

  it('every file the effect stack asks for exists in shaders/', () => {
    const passes: EffectPass[] = [
      { kind: 'adjust', params: { ...defaultAdjustParams(), clarity: 10 } },
      { kind: 'blur', amount: 10, radius: 1 },
    ];
    for (const file of shaderFilesFor(passes)) expect(SHADER_FILES).toContain(file);
  });

  it('glReactShaders creates a gl-react shader per fetched source', () => {
    const made = glReactShaders({ 'blur.frag': source('blur.frag'), 'lut.frag': source('lut.frag') });
    expect(Object.keys(made).sort()).toEqual(['blur', 'lut']);
  });
});
