import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { STICKERS } from '../../../engine/resources/stickers';
import { inLanguage, renderMarkup } from '../../../tests/helpers/renderMarkup';
import { StickerPanel } from './StickerPanel';

describe('StickerPanel', () => {
  it('shows the first category as draggable sticker buttons with translated names and PRO badges', async () => {
    const html = await inLanguage('de', () => renderMarkup(createElement(StickerPanel, { onPick: () => undefined })));
    expect(html).toContain('data-testid="sticker-panel"');
    const smileys = STICKERS.filter((s) => s.category === 'smileys');
    for (const s of smileys) expect(html).toContain(`data-testid="sticker-${s.resId}"`);
    expect(html).not.toContain('data-testid="sticker-twemoji-1f355"'); // pizza is in another tab
    expect(html).toContain('<img src="/stickers/1f600.svg" alt="Grinsendes Gesicht"');
    expect(html.match(/draggable="true"/g)).toHaveLength(smileys.length);
    expect(html.match(/sticker-panel__pro/g)).toHaveLength(smileys.filter((s) => s.resNeedPro).length);
    expect(html).toContain('Nur mit Pro');
    expect(html).toContain('role="tab" class="sticker-panel__tab" aria-selected="true"');
    expect(html).toContain('>Gesichter<');
  });
});
