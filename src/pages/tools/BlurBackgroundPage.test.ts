import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { inLanguage, renderMarkup, startInEnglish } from '../../../tests/helpers/renderMarkup';
import { BlurControls, DEFAULT_BLUR_SETTINGS, needsRerun } from './BlurBackgroundPage';

startInEnglish();

describe('needsRerun', () => {
  const last = { strength: 50, feather: 3 };
  it('re-runs a finished or failed result whose settings changed', () => {
    expect(needsRerun('done', last, { strength: 80, feather: 3 })).toBe(true);
    expect(needsRerun('failed', last, { strength: 50, feather: 6 })).toBe(true);
  });
  it('waits for a run in progress and never repeats the same settings', () => {
    expect(needsRerun('processing', last, { strength: 80, feather: 3 })).toBe(false);
    expect(needsRerun('uploading', last, { strength: 80, feather: 3 })).toBe(false);
    expect(needsRerun('done', last, { ...last })).toBe(false);
    expect(needsRerun('failed', last, { ...last })).toBe(false);
    expect(needsRerun('done', null, { strength: 80, feather: 3 })).toBe(false);
  });
});

describe('BlurControls', () => {
  const render = (settings = DEFAULT_BLUR_SETTINGS) => renderMarkup(createElement(BlurControls, { settings, onChange: () => undefined }));

  it('shows both sliders with their values, in the page language', async () => {
    const html = render({ strength: 70, feather: 4 });
    expect(html).toContain('Blur strength');
    expect(html).toMatch(/data-testid="bgblur.strength" value="70"/);
    expect(html).toContain('4 px');
    const german = await inLanguage('de', () => render({ strength: 70, feather: 4 }));
    expect(german).toContain('Stärke der Unschärfe');
    expect(german).toContain('4 Pixel');
  });
});
