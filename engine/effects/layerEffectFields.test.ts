import { describe, expect, it } from 'vitest';
import { layerSchema, projectFieldsSchema } from '../doc/schema';
import { CANVAS_EFFECT_KEYS, LAYER_EFFECT_KEYS, isCanvasEffectField } from './layerEffectFields';

describe('layer effect fields', () => {
  it('name every effect object of the stored layer (SPEC §3), in stored order', () => {
    const stored = Object.keys(layerSchema.shape).filter((key) => key.endsWith('Params'));
    expect([...LAYER_EFFECT_KEYS]).toEqual(stored);
  });

  it('give the canvas-wide tool exactly the effect objects the project carries too', () => {
    const project = Object.keys(projectFieldsSchema.shape);
    expect([...CANVAS_EFFECT_KEYS].sort()).toEqual(LAYER_EFFECT_KEYS.filter((key) => project.includes(key)).sort());
    expect(LAYER_EFFECT_KEYS.filter(isCanvasEffectField)).toEqual(CANVAS_EFFECT_KEYS);
  });
});
