/** The generative pages as a visitor first sees them (server-rendered markup, no network). */
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { STYLE_PRESETS } from '../../../engine/spec/generation';
import { setBillingMode } from '../../account/billingMode';
import { inLanguage, renderMarkup as render, startInEnglish } from '../../../tests/helpers/renderMarkup';
import { AiImageGeneratorPage } from '../AiImageGeneratorPage';
import { ColorizePage } from './ColorizePage';
import { GenerationNotice } from './GenerationNotice';
import { ReplaceToolPage } from './ReplaceToolPage';

startInEnglish();
afterEach(() => setBillingMode(false));

describe('generative pages', () => {
  it('the generator offers every style preset, the ratios, the count and the seed, with the price per image', () => {
    setBillingMode(true); // service mode: prices shown
    const html = render(createElement(AiImageGeneratorPage));
    for (const style of STYLE_PRESETS) expect(html).toContain(`data-testid="gen.style.${style.id}"`);
    for (const ratio of ['1:1', '16:9', '9:16']) expect(html).toContain(`data-testid="gen.aspect.${ratio}"`);
    expect(html).toContain('data-testid="gen.count"');
    expect(html).toContain('data-testid="gen.seed"');
    expect(html).toContain('Costs 4 credits per image');
    expect(html).toContain('data-testid="gen.toCreate"');
    // Personal mode (the default): the same page without a price.
    setBillingMode(false);
    expect(render(createElement(AiImageGeneratorPage))).not.toContain('credits per image');
  });

  it('image-to-image asks for a picture and how far to move from it, without a ratio', () => {
    const html = render(createElement(AiImageGeneratorPage, { mode: 'imageToImage', variant: 'create' }));
    expect(html).toContain('data-testid="page.imageToImageCreate"');
    expect(html).toContain('data-testid="gen.image.source"');
    expect(html).toContain('data-testid="gen.strength"');
    expect(html).not.toContain('data-testid="gen.aspect.1:1"');
  });

  it('the try-on needs the product picture; the clothes changer a description and points to the try-on', () => {
    const tryOn = render(createElement(ReplaceToolPage, { variant: 'product' }));
    expect(tryOn).toContain('data-testid="gen.image.reference"');
    const clothes = render(createElement(ReplaceToolPage, { variant: 'clothes' }));
    expect(clothes).not.toContain('data-testid="gen.image.reference"');
    expect(clothes).toContain('/ai-replace/ai-virtual-try-on-product');
    // Nothing to submit yet.
    expect(clothes).toMatch(/disabled=""[^>]*data-testid="generate.submit"/);
  });

  it('colourise costs the deoldify price; the notice links to the rendered help page (not the README), in the page language', async () => {
    setBillingMode(true);
    expect(render(createElement(ColorizePage))).toContain('Costs 3 credits per image');
    const html = await inLanguage('ja', () => render(createElement(GenerationNotice)));
    expect(html).toContain('生成サーバーが設定されていません');
    expect(html).toMatch(/href="\/[a-z-]+\/help#generator"/);
    expect(html).not.toContain('README.md');
  });
});
