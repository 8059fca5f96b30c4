import { describe, expect, it } from 'vitest';
import { defaultShadowParams } from '../doc/defaults';
import { FILTERS } from './filters';
import { isOutlineActive } from './outline';
import { isReflectionActive } from './reflection';
import { SHADOW_PRESETS, isShadowActive } from './shadow';
import {
  blendOpacityPercent,
  filterParamsFor,
  isTextLayer,
  toggledReflection,
  toggledShadow,
  withBlendMode,
  withBlendOpacity,
  withOutlineField,
  withOutlineType,
  withReflectionField,
  withShadowField,
  withShadowPreset,
} from './effectDefaults';

const rect = { x: 100, y: 50, w: 400, h: 200, angle: 0 };

describe('filter choice', () => {
  it('stores the category, the lookup name and strength 100', () => {
    const filter = FILTERS[3];
    expect(filterParamsFor(filter)).toEqual({ categoryName: filter.categoryName, uid: filter.uid, lutName: filter.lutName, strength: 100 });
    expect(filterParamsFor({ ...filter, combination: { contrast: 10 } }).combination).toEqual({ contrast: 10 });
  });
});

describe('blend', () => {
  it('shows opacity 0..1 as 0..100 % (default 1 = 100 %) and keeps the mode', () => {
    expect(blendOpacityPercent(null)).toBe(100);
    const half = withBlendOpacity(null, 50);
    expect(half).toEqual({ mode: 'Normal', opacity: 0.5 });
    expect(blendOpacityPercent(half)).toBe(50);
    expect(withBlendMode(half, 'Multiply')).toEqual({ mode: 'Multiply', opacity: 0.5 });
    expect(withBlendOpacity(null, 140).opacity).toBe(1);
  });
});

describe('shadow', () => {
  it('starts a text with the text preset (opacity 40, blur 12), anything else with the soft preset', () => {
    const text = toggledShadow(null, true, true);
    expect(text).toMatchObject({ enabled: true, opacity: 40, blur: 12, presetId: 'text', is3DShadow: false });
    const soft = SHADOW_PRESETS.find((preset) => preset.id === 'soft')!;
    expect(toggledShadow(null, true, false)).toMatchObject({ ...soft.params, enabled: true, presetId: 'soft' });
    expect(isShadowActive(text)).toBe(true);
  });

  it('switching off and on again keeps the user’s values', () => {
    const edited = withShadowField(toggledShadow(null, true, false), 'xOffset', -30);
    const off = toggledShadow(edited, false, false);
    expect(isShadowActive(off)).toBe(false);
    expect(toggledShadow(off, true, false)).toEqual({ ...edited, enabled: true });
  });

  it('a preset switches the shadow on; moving a slider makes it custom', () => {
    const perspective = withShadowPreset({ ...defaultShadowParams(), color: '#FF0000FF' }, 'perspective');
    expect(perspective).toMatchObject({ enabled: true, is3DShadow: true, presetId: 'perspective', color: '#FF0000FF' });
    expect(withShadowField(perspective, 'blur', 80)).toMatchObject({ blur: 80, presetId: '' });
    expect(withShadowField(perspective, 'enabled', false).presetId).toBe('perspective');
  });
});

describe('outline', () => {
  it('a type other than none switches it on at the default size 20; none switches it off', () => {
    const dashed = withOutlineType(null, 3);
    expect(dashed).toMatchObject({ type: 3, enabled: true, size: 20, color: '#FFFFFFFF' });
    expect(isOutlineActive(dashed)).toBe(true);
    const none = withOutlineType(withOutlineField(dashed, 'size', 35), 0);
    expect(none).toMatchObject({ type: 0, enabled: false, size: 35 });
    expect(isOutlineActive(none)).toBe(false);
  });
});

describe('reflection', () => {
  it('starts visible when first switched on and stores the derived fields for the layer rect', () => {
    const on = toggledReflection(null, true, rect);
    expect(on).toMatchObject({ enabled: true, opacity: 50, scope: 50, distance: 0 });
    expect(isReflectionActive(on)).toBe(true);
    expect(on.y_min).toBe(rect.y + rect.h);
    expect(on.y_max).toBe(rect.y + rect.h + rect.h / 2);
    const further = withReflectionField(on, 'distance', 10, rect);
    expect(further.y_min).toBe(rect.y + rect.h + 20);
    expect(toggledReflection(further, false, rect)).toMatchObject({ enabled: false, distance: 10 });
  });
});

it('treats plain and colourful texts as text layers', () => {
  expect(isTextLayer({ valueType: 'text' })).toBe(true);
  expect(isTextLayer({ valueType: 'colorfulText' })).toBe(true);
  expect(isTextLayer({ valueType: 'img' })).toBe(false);
});
