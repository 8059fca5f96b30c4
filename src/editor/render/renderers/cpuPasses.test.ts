import { describe, expect, it } from 'vitest';
import { defaultAdjustParams } from '../../../../engine/doc/defaults';
import { applyAdjustments } from '../../../../engine/effects/cpuAdjust';
import { gaussianBlurRgba } from '../../../../engine/effects/blur';
import { layerEffectPasses } from '../../../../engine/effects/effectStack';
import { FILTERS, filterLut } from '../../../../engine/effects/filters';
import { applyLut } from '../../../../engine/effects/filters/lut';
import { runCpuPasses } from './cpuPasses';

function picture(width = 12, height = 9) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i++) data[i] = i % 4 === 3 ? 255 : (i * 29) % 256;
  return { data, width, height };
}

describe('runCpuPasses', () => {
  it('with no passes returns an exact copy, not the same array', () => {
    const image = picture();
    const out = runCpuPasses(image, []);
    expect(out.data).toEqual(image.data);
    expect(out.data).not.toBe(image.data);
  });

  it('runs lut, blur and adjust in the stack order with the engine functions', () => {
    const image = picture();
    const filter = FILTERS[5];
    const adjust = { ...defaultAdjustParams(), contrast: 40, blur: 100 };
    const passes = layerEffectPasses(
      { adjustParams: adjust, filterParams: { categoryName: filter.categoryName, uid: filter.uid, strength: 80, combination: {} } },
      { layerWidth: 1080 },
    );
    expect(passes.map((p) => p.kind)).toEqual(['lut', 'blur', 'adjust']);
    const lut = applyLut(image.data, filterLut(filter), 80);
    // The blur σ follows the rendered width (12 px here), not the layer width the stack was built for.
    const blurred = gaussianBlurRgba(lut, 12, 9, (100 / 100) * 5.5 * (12 / 1080));
    const expected = applyAdjustments({ data: blurred, width: 12, height: 9 }, { ...adjust, blur: 0 });
    expect(runCpuPasses(image, passes).data).toEqual(expected);
  });
});
