import { describe, expect, it } from 'vitest';
import { EFFECT_PANEL_KINDS } from '../../../../engine/effects/layerEffectFields';
import { ADJUST_PANEL_KINDS, CANVAS_KINDS, kindsForLayer } from './kinds';

describe('adjust-panel kinds', () => {
  it('are the eleven SPEC kinds', () => {
    expect(ADJUST_PANEL_KINDS).toHaveLength(11);
  });

  it('give a photo its pixel kinds and no text kinds', () => {
    expect(kindsForLayer({ layerId: 'L_1', valueType: 'img' })).toEqual([
      'opacity',
      'color',
      'adjust',
      'filter',
      'shadow',
      'outline',
      'reflection',
      'blendMode',
    ]);
  });

  it('give a text its spacing, arc and background and no pixel kinds', () => {
    expect(kindsForLayer({ layerId: 'L_2', valueType: 'text' })).toEqual([
      'opacity',
      'color',
      'textSpacing',
      'textArc',
      'textBackground',
      'shadow',
      'outline',
      'reflection',
      'blendMode',
    ]);
  });

  it('leave colour to the colourful-text controls and offer nothing on the background', () => {
    expect(kindsForLayer({ layerId: 'L_3', valueType: 'colorfulText' })).not.toContain('color');
    expect(kindsForLayer({ layerId: 'bgLayer', valueType: 'img' })).toEqual([]);
  });

  it('reach every kind from some layer type or the canvas', () => {
    const reachable = new Set([
      ...(['img', 'text', 'colorfulText', 'color'] as const).flatMap((valueType) => kindsForLayer({ layerId: 'L', valueType })),
      ...CANVAS_KINDS,
    ]);
    expect([...reachable].sort()).toEqual([...ADJUST_PANEL_KINDS].sort());
  });

  it('edit every effect object of a layer with a SPEC kind of its own', () => {
    const kinds = [...EFFECT_PANEL_KINDS];
    expect(kinds).toHaveLength(6);
    for (const kind of kinds) expect(ADJUST_PANEL_KINDS, kind).toContain(kind);
  });
});
