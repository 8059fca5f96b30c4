import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultAdjustParams } from './defaults';
import { ADJUST_GROUP_IDS, ADJUST_KEYS, ADJUST_STEP_ORDER, ADJUSTMENTS, SCALAR_ADJUST_KEYS, adjustKeysOfGroup } from './adjustRegistry';
import { adjustUniforms, blurredCopies, readsBlurredCopy } from '../effects/adjustUniforms';
import { uniformValue, vignetteUniforms } from '../effects/adjustRanges';

const shader = readFileSync(path.join(__dirname, '../../shaders/adjust.frag'), 'utf8');
const cpu = readFileSync(path.join(__dirname, '../effects/cpuAdjust.ts'), 'utf8');

describe('adjustment registry', () => {
  it('holds the sixteen SPEC §3 keys in their stored order', () => {
    expect(ADJUST_KEYS).toEqual([
      'brightness',
      'contrast',
      'vibrance',
      'saturation',
      'exposure',
      'highlight',
      'shadow',
      'clarity',
      'sharpen',
      'tem',
      'tint',
      'grain',
      'vignette',
      'blur',
      'glow',
      'structure',
    ]);
  });

  it('gives each row a neutral uniform equal to what its stored 0 maps to, so skipping 0 is exact (SPEC §3)', () => {
    for (const key of SCALAR_ADJUST_KEYS) {
      const def = ADJUSTMENTS[key];
      const mapped = uniformValue(key, 0);
      expect(def.toUniform ? def.toUniform(mapped) : mapped, key).toBe(def.neutral);
    }
    expect(vignetteUniforms(0).start).toBe(ADJUSTMENTS.vignette.neutral);
  });

  it('orders the steps as adjust.frag runs its USE_* blocks', () => {
    const inShader = [...shader.matchAll(/^#ifdef USE_(\w+)$/gm)].map((m) => m[1]);
    const fromRegistry = ADJUST_STEP_ORDER.map((key) => ADJUSTMENTS[key].define).filter((d): d is string => d !== null);
    expect(inShader.filter((d) => d !== 'PGRAIN')).toEqual(fromRegistry);
  });

  it('numbers the steps as the CPU reference documents them', () => {
    for (const key of ADJUST_KEYS) {
      const step = ADJUSTMENTS[key].step;
      // cpuAdjust.ts lists " 5. exposure" and "10. tem, tint".
      expect(cpu, key).toMatch(new RegExp(`^ \\*\\s*${step}\\. (\\w+, )?${key}\\b`, 'm'));
    }
  });

  it('places every key once in a panel group, at positions 0..n-1', () => {
    for (const group of ADJUST_GROUP_IDS) {
      const keys = adjustKeysOfGroup(group);
      expect(
        keys.map((k) => ADJUSTMENTS[k].panel.order),
        group,
      ).toEqual(keys.map((_, i) => i));
    }
    expect(ADJUST_GROUP_IDS.flatMap(adjustKeysOfGroup).sort()).toEqual([...ADJUST_KEYS].sort());
  });

  it('keeps the effect range ordered and the stored 0 inside the uniform range', () => {
    for (const key of ADJUST_KEYS) {
      const { effect, uniformRange, neutral } = ADJUSTMENTS[key];
      expect(effect.min, key).toBeLessThan(effect.max);
      const r = uniformRange ?? effect;
      expect(neutral, key).toBeGreaterThanOrEqual(r.min);
      expect(neutral, key).toBeLessThanOrEqual(r.max);
    }
  });

  it('makes exactly the blurred copies whose step the shader samples them in', () => {
    for (const key of SCALAR_ADJUST_KEYS) {
      const { define, reads } = ADJUSTMENTS[key];
      const params = { ...defaultAdjustParams(), [key]: 50 };
      const copies = blurredCopies(adjustUniforms(params, 400, 300)).map((copy) => copy.name);
      expect(copies, key).toEqual(reads ? [reads] : []);
      expect(readsBlurredCopy(params), key).toBe(!!reads);
      if (!define) continue;
      const block = shader.slice(shader.indexOf(`#ifdef USE_${define}\n`), shader.indexOf('#endif', shader.indexOf(`#ifdef USE_${define}\n`)));
      const sampled = ['blurS', 'blurM', 'blurL'].filter((name) => block.includes(`texture2D(${name}`));
      expect(sampled, key).toEqual(reads ? [reads] : []);
    }
  });

  it('gives each blurred copy its own σ: 1 px for sharpen, the structure and clarity σ from the image size', () => {
    const u = adjustUniforms({ ...defaultAdjustParams(), sharpen: 50, structure: 50, glow: 50 }, 2000, 1000);
    expect(blurredCopies(u)).toEqual([
      { name: 'blurS', sigma: 1 },
      { name: 'blurM', sigma: 4 },
      { name: 'blurL', sigma: 20 },
    ]);
  });
});
