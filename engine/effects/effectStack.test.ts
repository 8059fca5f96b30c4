import { describe, expect, it } from 'vitest';
import type { AdjustParams, FilterParams } from '../doc/types';
import { defaultAdjustParams, defaultFilterParams } from '../doc/defaults';
import { blurPassRadius, layerEffectPasses, needsShader, shaderFilesFor, type EffectPass } from './effectStack';

const adj = (patch: Partial<AdjustParams>): AdjustParams => ({ ...defaultAdjustParams(), ...patch });
const filter = (patch: Partial<FilterParams>): FilterParams => ({
  ...defaultFilterParams(),
  categoryName: 'Warm',
  uid: 'warmAmber',
  lutName: 'warmAmber',
  ...patch,
});
const kinds = (p: EffectPass[]) => p.map((x) => x.kind);

describe('layerEffectPasses', () => {
  it('has no passes for identity params', () => {
    expect(layerEffectPasses({ adjustParams: null, filterParams: null })).toEqual([]);
    expect(layerEffectPasses({ adjustParams: defaultAdjustParams(), filterParams: defaultFilterParams() })).toEqual([]);
    expect(layerEffectPasses({ adjustParams: null, filterParams: filter({ strength: 0 }) })).toEqual([]);
    expect(layerEffectPasses({ adjustParams: null, filterParams: filter({ uid: 'unknown', lutName: 'unknown' }) })).toEqual([]);
  });

  it('orders lut → filter combination → blur → adjust, with blur split out of the adjust pass', () => {
    const passes = layerEffectPasses(
      { adjustParams: adj({ blur: -50, brightness: 10 }), filterParams: filter({ strength: 60, combination: { contrast: 20 } }) },
      { layerWidth: 2160 },
    );
    expect(kinds(passes)).toEqual(['lut', 'adjust', 'blur', 'adjust']);
    const [lut, combo, blur, own] = passes as [
      Extract<EffectPass, { kind: 'lut' }>,
      Extract<EffectPass, { kind: 'adjust' }>,
      Extract<EffectPass, { kind: 'blur' }>,
      Extract<EffectPass, { kind: 'adjust' }>,
    ];
    expect(lut.filter.uid).toBe('warmAmber');
    expect(lut.strength).toBe(60);
    expect(combo.params.contrast).toBe(20);
    expect(blur.amount).toBe(50);
    expect(blur.radius).toBeCloseTo(5.5, 12); // 50/100 × 5.5 × 2160/1080
    expect(blurPassRadius(blur, 1080)).toBeCloseTo(2.75, 12);
    expect(own.params).toEqual(adj({ brightness: 10 }));
  });

  it('blur alone gives only a blur pass; the width comes from a layer rect or the canvas', () => {
    const layer = { adjustParams: adj({ blur: 100 }), filterParams: null, rect: { x: 0, y: 0, w: 540, h: 100, angle: 0 } };
    const [b] = layerEffectPasses(layer);
    expect(kinds(layerEffectPasses(layer))).toEqual(['blur']);
    expect(b.kind === 'blur' && b.radius).toBeCloseTo(2.75, 12);
    const [c] = layerEffectPasses({ adjustParams: adj({ blur: 100 }), filterParams: null, canvasW: 1080 } as never);
    expect(c.kind === 'blur' && c.radius).toBeCloseTo(5.5, 12);
  });
});

describe('shader files', () => {
  it('names the files each pass needs, de-duplicated', () => {
    const passes = layerEffectPasses({ adjustParams: adj({ brightness: 5, blur: 10 }), filterParams: filter({}) });
    expect(shaderFilesFor(passes)).toEqual(['lut.frag', 'blur.frag', 'adjust.frag']);
    expect(needsShader({ kind: 'adjust', params: adj({ sharpen: 10 }) })).toEqual(['adjust.frag', 'blur.frag']);
    expect(needsShader({ kind: 'adjust', params: adj({ tint: 10 }) })).toEqual(['adjust.frag']);
    expect(shaderFilesFor([])).toEqual([]);
  });
});
