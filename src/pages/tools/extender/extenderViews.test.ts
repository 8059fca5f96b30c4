import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderMarkup, startInEnglish } from '../../../../tests/helpers/renderMarkup';
import { FramePlacer } from './FramePlacer';
import { RatioPicker } from './RatioPicker';

startInEnglish();

const photo = { width: 1200, height: 900 };
const noop = () => undefined;

describe('RatioPicker', () => {
  it('offers the five ratios and Custom, the chosen one checked', () => {
    const html = renderMarkup(createElement(RatioPicker, { choice: '16:9', custom: photo, photo, onChoice: noop, onCustom: noop }));
    for (const ratio of ['1:1', '4:3', '3:4', '16:9', '9:16', 'custom']) expect(html).toContain(`data-testid="extender.ratio.${ratio}"`);
    expect(html).toMatch(/aria-checked="true"[^>]*data-testid="extender.ratio.16:9"/);
    expect(html).toContain('Custom');
    expect(html).not.toContain('extender.width'); // size fields only for Custom
  });

  it('shows the size fields and the allowed range for Custom', () => {
    const html = renderMarkup(createElement(RatioPicker, { choice: 'custom', custom: { width: 1500, height: 1125 }, photo, onChoice: noop, onCustom: noop }));
    expect(html).toMatch(/min="1200" max="4096"[^>]*value="1500"/);
    expect(html).toContain('At least 1200 × 900 px (the photo), at most 4096 px a side and 4× the photo&#x27;s area.');
  });
});

describe('FramePlacer', () => {
  it('draws the frame in its shape and the photo at its place', () => {
    const html = renderMarkup(
      createElement(FramePlacer, {
        photoUrl: 'blob:x',
        photo,
        frame: { width: 1600, height: 900 },
        position: { x: 1, y: 0.5 },
        onChange: noop,
      }),
    );
    expect(html).toContain('aspect-ratio:1600 / 900');
    expect(html).toContain('left:25%;top:0%;width:75%;height:100%');
    expect(html).toContain('data-x="1.000"');
  });
});
