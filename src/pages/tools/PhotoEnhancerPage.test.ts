import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { inLanguage, renderMarkup, startInEnglish } from '../../../tests/helpers/renderMarkup';
import { DEFAULT_CHOICE, EnhanceControls, enhanceParams, exceededCap, highQualityAllowed, resultSize, type PixelSize } from './PhotoEnhancerPage';

startInEnglish();

const photo1MP = { width: 1225, height: 816 };
const small = { width: 640, height: 480 }; // 0.31 MP

describe('photo enhancer page logic', () => {
  it('sends the documented defaults: 4×, Balance, upscale, fast', () => {
    expect(enhanceParams(DEFAULT_CHOICE, photo1MP)).toEqual({ efMode: 'Balance', scale: 4, mode: 'upscale', quality: 'fast' });
  });

  it('offers high quality only for photos up to 0.5 MP, and never sends it for bigger ones', () => {
    expect(highQualityAllowed(small)).toBe(true);
    expect(highQualityAllowed(photo1MP)).toBe(false);
    expect(highQualityAllowed(null)).toBe(false);
    const wantsHigh = { ...DEFAULT_CHOICE, highQuality: true };
    expect(enhanceParams(wantsHigh, small).quality).toBe('high');
    expect(enhanceParams(wantsHigh, photo1MP).quality).toBe('fast');
  });

  it('checks the server pixel caps before uploading', () => {
    const threeMP = { width: 2000, height: 1500 };
    expect(exceededCap(DEFAULT_CHOICE, photo1MP)).toBeNull();
    expect(exceededCap(DEFAULT_CHOICE, threeMP)).toBe(2_000_000); // 4× takes at most 2 MP
    expect(exceededCap({ ...DEFAULT_CHOICE, scale: 2 }, threeMP)).toBeNull();
    expect(exceededCap({ ...DEFAULT_CHOICE, denoise: true }, { width: 3000, height: 2000 })).toBe(4_000_000);
    expect(exceededCap(DEFAULT_CHOICE, null)).toBeNull(); // unknown size: the server decides
  });

  it('computes the result size for each mode', () => {
    expect(resultSize(DEFAULT_CHOICE, small)).toEqual({ width: 2560, height: 1920 });
    expect(resultSize({ ...DEFAULT_CHOICE, scale: 2 }, small)).toEqual({ width: 1280, height: 960 });
    expect(resultSize({ ...DEFAULT_CHOICE, denoise: true }, small)).toEqual(small);
  });
});

describe('EnhanceControls', () => {
  const render = (size: PixelSize | null, choice = DEFAULT_CHOICE) => renderMarkup(createElement(EnhanceControls, { choice, size, onChange: () => undefined }));

  it('shows scale, the three SPEC strengths and denoise, with the default selected', () => {
    const html = render(photo1MP);
    expect(html).toContain('Your photo: 1225 × 816 px');
    for (const label of ['Slight', 'Balanced', 'Strong', 'Denoise only (keep the size)']) expect(html).toContain(label);
    expect(html).toMatch(/aria-checked="true"[^>]*data-testid="enhancer.scale.4"/);
    expect(html).toMatch(/aria-checked="true"[^>]*data-testid="enhancer.strength.Balance"/);
  });

  it('shows the high-quality switch only for small photos', () => {
    expect(render(photo1MP)).not.toContain('enhancer.highQuality');
    expect(render(null)).not.toContain('enhancer.highQuality');
    expect(render(small)).toContain('High quality (slower)');
    expect(render(small)).toContain('up to 0.5 MP');
    // A PRO option (engine/spec/proOptions.ts), marked as such with a link to the plans.
    expect(render(small)).toContain('data-testid="enhancer.highQuality.pro"');
    expect(render(small)).toContain('PRO: included in every paid plan.');
  });

  it('speaks the page language', async () => {
    expect(await inLanguage('de', () => render(small))).toContain('Ausgewogen');
  });
});
