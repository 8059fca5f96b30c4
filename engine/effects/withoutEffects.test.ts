import { describe, expect, it } from 'vitest';
import { createImageLayer } from '../doc/factories';
import { hasLayerEffects, withoutLayerEffects } from './withoutEffects';

describe('withoutLayerEffects', () => {
  const base = createImageLayer({ uri: 'asset:abc', name: 'a.png', naturalW: 10, naturalH: 10, canvasW: 100, canvasH: 100 });

  it('drops every effect but keeps the layer itself', () => {
    const layer = { ...base, blendParams: { mode: 'Multiply' as const, opacity: 1 }, filterParams: { categoryName: 'Film', uid: 'filmSlide', strength: 80 } };
    const plain = withoutLayerEffects(layer);
    expect(hasLayerEffects(layer)).toBe(true);
    expect(hasLayerEffects(plain)).toBe(false);
    expect(plain.rect).toBe(layer.rect);
    expect(plain.value).toBe(layer.value);
    expect(layer.blendParams).not.toBeNull();
  });

  it('gives the same object for the same layer, and the layer itself when it has no effects', () => {
    const layer = { ...base, outlineParams: { type: 1 as const, size: 10, color: '#FFFFFFFF', smooth: 0, blur: 0, distance: 0, enabled: true } };
    expect(withoutLayerEffects(layer)).toBe(withoutLayerEffects(layer));
    const none = { ...base, filterParams: null, adjustParams: null, blendParams: null, outlineParams: null, shadowParams: null, reflectionParams: null };
    expect(withoutLayerEffects(none)).toBe(none);
  });
});
