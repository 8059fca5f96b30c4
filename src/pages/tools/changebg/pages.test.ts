/** The background changer pages as a user first sees them (server-rendered markup, no network). */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { isValidColor } from '../../../../engine/doc/color';
import { inLanguage, renderMarkup as render, startInEnglish } from '../../../../tests/helpers/renderMarkup';
import { AiBackgroundPage } from '../AiBackgroundPage';
import { BackgroundChangerPage } from '../BackgroundChangerPage';
import { PRODUCT_BACKGROUNDS, ProductBackgroundPage } from '../ProductBackgroundPage';
import { BackgroundPicker } from './BackgroundPicker';
import { DEFAULT_OPTIONS } from './options';
import { SubjectControls } from './SubjectControls';

startInEnglish();

describe('background changer pages', () => {
  it('/tools/background-changer: upload prompt, the five background types and the subject controls', () => {
    const html = render(createElement(BackgroundChangerPage));
    expect(html).toContain('data-testid="upload.button"');
    for (const type of ['Colour', 'Gradient', 'Library', 'Your image', 'Transparent']) expect(html).toContain(`>${type}</button>`);
    expect(html).toMatch(/data-testid="changebg.type.color"[^>]*aria-selected="true"|aria-selected="true"[^>]*data-testid="changebg.type.color"/);
    expect(html).toContain('Popular colours');
    expect(html).toContain('Soft shadow under the subject');
  });

  it('the picker shows the chosen panel, in the page language', async () => {
    const html = await inLanguage('de', () =>
      render(createElement(BackgroundPicker, { options: { ...DEFAULT_OPTIONS, bgType: 'transparent' }, onChange: () => undefined })),
    );
    expect(html).toContain('Der Hintergrund bleibt durchsichtig.');
    expect(html).toContain('Verlauf');
  });

  it('subject controls show the placement in percent and the shadow state', () => {
    const html = render(createElement(SubjectControls, { subject: { x: 0.25, y: 0.5, scale: 1.5 }, shadow: true, onChange: () => undefined }));
    expect(html).toContain('25%');
    expect(html).toContain('150%');
    expect(html).toMatch(/<input type="checkbox"[^>]*checked=""/);
  });

  it('product landings start on their colour with the shadow on', () => {
    expect(PRODUCT_BACKGROUNDS.white.color).toBe('#FFFFFF');
    for (const variant of ['white', 'green', 'blue'] as const) {
      const spec = PRODUCT_BACKGROUNDS[variant];
      for (const shade of spec.shades) expect(isValidColor(shade.color)).toBe(true);
      expect(spec.shades[0].color).toBe(spec.color);
      const html = render(createElement(ProductBackgroundPage, { variant }));
      expect(html).toContain(`data-testid="page.productBackground.${variant}"`);
      expect(html).toMatch(new RegExp(`aria-pressed="true"[^>]*style="background:${spec.color}"|style="background:${spec.color}"[^>]*aria-pressed="true"`));
      expect(html).toMatch(/data-testid="changebg.shadow"[^>]*checked|checked=""[^>]*data-testid="changebg.shadow"/);
    }
    expect(render(createElement(ProductBackgroundPage, { variant: 'green' }))).toContain('Why a green background?');
  });

  it('/ai-background offers scenes from the library (runs here), a description and your picture (generation server)', () => {
    const html = render(createElement(AiBackgroundPage));
    for (const source of ['library', 'prompt', 'image']) expect(html).toContain(`data-testid="aiBackground.source.${source}"`);
    expect(html).toMatch(/aria-pressed="true"[^>]*data-testid="aiBackground.source.library"/);
    expect(html).toContain('A description');
    expect(html).toContain('Loading backgrounds…');
  });
});
