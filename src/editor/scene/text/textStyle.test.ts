import { describe, expect, it } from 'vitest';
import { DEFAULT_TEXT_VALUE } from '../../../../engine/doc/defaults';
import { BASE_LINE_HEIGHT, alignForGravity, fontStyleFor, lineHeightFor, textLayout, textureUri, wrapWidthFor } from './textStyle';

describe('text style mapping', () => {
  it('maps gravity 0/1/2 to left/center/right', () => {
    expect([0, 1, 2].map(alignForGravity)).toEqual(['left', 'center', 'right']);
  });

  it('adds lineSpacing pixels to the normal line height', () => {
    expect(lineHeightFor(100, 0)).toBe(BASE_LINE_HEIGHT);
    expect(lineHeightFor(100, 30)).toBeCloseTo(1.5);
    expect(lineHeightFor(100, -500)).toBe(0.5);
  });

  it('wraps at textMaxW, never wider than canvas width − 80 (SPEC §9)', () => {
    expect(wrapWidthFor(0, 1080)).toBe(1000);
    expect(wrapWidthFor(400, 1080)).toBe(400);
    expect(wrapWidthFor(5000, 1080)).toBe(1000);
  });

  it('draws rounded fonts ending in Bold in bold', () => {
    expect(fontStyleFor('MPLUSRounded1cBold')).toBe('bold');
    expect(fontStyleFor('Pacifico')).toBe('normal');
  });

  it('builds the Konva layout of a text value', () => {
    const layout = textLayout({ ...DEFAULT_TEXT_VALUE, text: 'Hi', fontSize: 50, gravity: 2, letterSpacing: 3, textMaxW: 300 }, 1080, 'Fam');
    expect(layout).toMatchObject({ text: 'Hi', fontSize: 50, fontFamily: 'Fam', align: 'right', letterSpacing: 3, width: 300, lineHeight: 1.2 });
  });

  it('takes the texture from fillImageUrl, or a uri-like fillTextureName', () => {
    expect(textureUri({ ...DEFAULT_TEXT_VALUE, fillImageUrl: '/t.png' })).toBe('/t.png');
    expect(textureUri({ ...DEFAULT_TEXT_VALUE, fillTextureName: 'asset:abc' })).toBe('asset:abc');
    expect(textureUri({ ...DEFAULT_TEXT_VALUE, fillTextureName: 'gold' })).toBe('');
  });
});
