import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { COLORFUL_TEXT_STYLES } from '../../../engine/colorfulText/styles';
import { inLanguage, renderMarkup } from '../../../tests/helpers/renderMarkup';
import { ColorfulTextPanel } from './ColorfulTextPanel';

describe('ColorfulTextPanel', () => {
  it('offers every style as a button with a preview canvas, a translated name and PRO badges', async () => {
    const html = await inLanguage('fr', () => renderMarkup(createElement(ColorfulTextPanel, { onPick: () => undefined })));
    expect(html).toContain('data-testid="colorful-panel"');
    for (const style of COLORFUL_TEXT_STYLES) expect(html).toContain(`data-testid="colorful-${style.colorfulId}"`);
    expect(html.match(/<canvas/g)).toHaveLength(COLORFUL_TEXT_STYLES.length);
    expect(html.match(/colorful-panel__pro/g)).toHaveLength(COLORFUL_TEXT_STYLES.filter((s) => s.pro).length);
    expect(html).toContain('aria-label="Néon rose"');
    expect(html).toContain('aria-label="Dorure à chaud, Réservé aux membres Pro"');
  });
});
