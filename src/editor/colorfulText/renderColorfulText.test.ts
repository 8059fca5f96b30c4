import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ColorfulTextEffectLayer, ColorfulTextMaterial, ColorfulTextTextItem } from '../../../engine/doc/types';
import { FakeContext, fakeOffscreenCanvas, type DrawCall, type FakeGradient } from './fakeCanvas';
import { colorfulCanvasSize, renderColorfulText } from './renderColorfulText';

const layer = (over: Partial<ColorfulTextEffectLayer>): ColorfulTextEffectLayer => ({
  kind: 'shadow',
  offsetX: 0,
  offsetY: 0,
  opacity: 1,
  color: '#000000',
  width: 0,
  blur: 0,
  gradientColors: [],
  gradientAngle: 0,
  perRowGradient: false,
  inner: false,
  ...over,
});

function textItem(over: Partial<ColorfulTextTextItem['attributes']> = {}, item: Partial<ColorfulTextTextItem> = {}): ColorfulTextTextItem {
  return {
    kind: 'text',
    text: 'Style',
    isDefTextContent: true,
    rect: { x: 0, y: 0, w: 400, h: 200 },
    opacity: 1,
    ...item,
    attributes: {
      fontSize: 100,
      fontFileName: 'Anton',
      fontCategoryName: '',
      colorStr: '#333333',
      wordSpacing: 0,
      alignment: 1,
      opacity: 1,
      lineSpacing: 0,
      backgroundColor: '',
      layersAbove: [],
      layersBelow: [],
      ...over,
    },
  };
}
const material = (...items: ColorfulTextMaterial['items']): ColorfulTextMaterial => ({ colorfulId: 't', width: 400, height: 200, items });
const fontFamilyFor = (f: string) => `"${f}"`;

let calls: DrawCall[];
function render(
  m: ColorfulTextMaterial,
  text: string,
  extra: { scale?: number; filter?: boolean; stickerImage?(r: string): CanvasImageSource | undefined } = {},
) {
  const scale = extra.scale ?? 1;
  const ctx = new FakeContext({ ...colorfulCanvasSize(m, scale), name: 'main' }, calls, { filter: extra.filter });
  renderColorfulText(ctx as unknown as CanvasRenderingContext2D, m, text, { scale, fontFamilyFor, stickerImage: extra.stickerImage });
  return calls.filter((c) => c.canvas === 'main');
}

beforeEach(() => {
  calls = [];
  vi.stubGlobal('OffscreenCanvas', fakeOffscreenCanvas(calls));
});
afterEach(() => vi.unstubAllGlobals());

describe('renderColorfulText', () => {
  it('draws layers below (bottom first), then the fill, then layers above', () => {
    const main = render(
      material(
        textItem({
          layersBelow: [layer({ kind: 'stroke', width: 10, color: '#111111' }), layer({ color: '#222222', offsetX: 5, offsetY: 5 })],
          layersAbove: [layer({ kind: 'stroke', width: 2, color: '#444444' })],
        }),
      ),
      'Hi',
    );
    expect(main.map((c) => [c.op, c.text, c.paint])).toEqual([
      ['strokeText', 'Hi', '#111111'],
      ['fillText', 'Hi', '#222222'],
      ['fillText', 'Hi', '#333333'],
      ['strokeText', 'Hi', '#444444'],
    ]);
    expect(main[0]).toMatchObject({ lineWidth: 10, lineJoin: 'round' });
    // The shadow is the glyphs moved by its offset.
    expect(main[1].matrix.e - main[2].matrix.e).toBe(5);
    expect(main[1].matrix.f - main[2].matrix.f).toBe(5);
  });

  it('draws the user text where the style allows it, the style text elsewhere, one call per line', () => {
    const main = render(material(textItem(), textItem({}, { text: 'fixed', isDefTextContent: false })), 'one\ntwo');
    expect(main.map((c) => c.text)).toEqual(['one', 'two', 'fixed']);
    expect(main[1].y).toBeGreaterThan(main[0].y);
  });

  it('scales the whole item down when the text is too wide, and blurs in canvas pixels', () => {
    // 16 chars × 50 px = 800 px, plus 2 × 6 px blur room, in a 400 px rect: fit 400 / 812, at scale 2.
    const main = render(material(textItem({ layersBelow: [layer({ blur: 3, color: '#ff0000' })] })), 'x'.repeat(16), { scale: 2 });
    const fit = 400 / 812;
    expect(main[0].matrix.a).toBeCloseTo(2 * fit);
    expect(main[0].filter).toBe(`blur(${3 * 2 * fit}px)`);
    expect(main[1].filter).toBe('none');
  });

  it('falls back to a shadow blur where ctx.filter is missing', () => {
    const main = render(material(textItem({ layersBelow: [layer({ blur: 4, color: '#ff0000' })] })), 'Hi', { filter: false });
    expect(main[0].shadowBlur).toBe(8);
    expect(main[0].matrix.e).toBeLessThan(-1000); // the shape itself is drawn far off-canvas
    expect(main[1].shadowBlur).toBe(0);
  });

  it('fills with a gradient across the block, or one per line', () => {
    const [whole] = render(material(textItem({ gradient: { colors: ['#ff0000', '#0000ff'], angle: 0, perRow: false } })), 'ab\nabcd');
    const g = whole.paint as FakeGradient;
    expect(g.stops).toEqual([
      [0, '#ff0000'],
      [1, '#0000ff'],
    ]);
    expect(g.x1 - g.x0).toBe(200); // the 4-character line is 200 px wide
    calls = [];
    const perRow = render(material(textItem({ gradient: { colors: ['#ff0000', '#0000ff'], angle: 0, perRow: true } })), 'ab\nabcd');
    expect(
      perRow.map((c) => {
        const p = c.paint as FakeGradient;
        return p.x1 - p.x0;
      }),
    ).toEqual([100, 200]);
  });

  it('builds an inner shadow offscreen, clipped to the glyphs, and composites it after the fill', () => {
    const main = render(material(textItem({ layersAbove: [layer({ inner: true, offsetY: 4, color: '#ffffff', opacity: 0.5 })] })), 'Hi');
    expect(main.map((c) => c.op)).toEqual(['fillText', 'drawImage']);
    expect(main[1]).toMatchObject({ alpha: 0.5, matrix: { a: 1, e: 0, f: 0 } });
    const off = calls.filter((c) => c.canvas !== 'main').map((c) => [c.op, c.composite]);
    expect(off).toEqual([
      ['fillRect', 'source-over'],
      ['fillText', 'destination-out'],
      ['fillText', 'destination-in'],
    ]);
  });

  it('draws a translucent item offscreen and composites it once, with the item opacity', () => {
    const main = render(material(textItem({ opacity: 0.5, layersBelow: [layer({ kind: 'stroke', width: 8 })] }, { opacity: 0.8 })), 'Hi');
    expect(main).toHaveLength(1);
    expect(main[0]).toMatchObject({ op: 'drawImage', alpha: 0.4 });
    expect(calls.filter((c) => c.canvas !== 'main').map((c) => c.op)).toEqual(['strokeText', 'fillText']);
  });

  it('draws background colour, stickers in item order, and skips stickers without an image', () => {
    const image = { id: 'star' } as unknown as CanvasImageSource;
    const main = render(
      material({ kind: 'sticker', resName: 'twemoji-2b50', rect: { x: 10, y: 20, w: 50, h: 50 }, opacity: 0.5 }, textItem({ backgroundColor: '#00ff00' }), {
        kind: 'sticker',
        resName: 'missing',
        rect: { x: 0, y: 0, w: 5, h: 5 },
        opacity: 1,
      }),
      'Hi',
      { stickerImage: (r) => (r === 'twemoji-2b50' ? image : undefined) },
    );
    expect(main.map((c) => [c.op, c.paint])).toEqual([
      ['drawImage', image],
      ['fillRect', '#00ff00'],
      ['fillText', '#333333'],
    ]);
    expect(main[0]).toMatchObject({ x: 10, y: 20, alpha: 0.5 });
  });
});
