import { describe, expect, it } from 'vitest';
import { ColorfulTextStyleError, parseColorfulTextMaterial } from './schema';

const minimal = {
  colorfulId: 'plain',
  width: 400,
  height: 200,
  items: [{ kind: 'text', text: 'Hi', rect: { x: 0, y: 0, w: 400, h: 200 }, attributes: { fontSize: 80, fontFileName: 'Anton', colorStr: '#112233' } }],
};

function problemsOf(json: unknown): string[] {
  try {
    parseColorfulTextMaterial(json, 'test.json');
  } catch (error) {
    expect(error).toBeInstanceOf(ColorfulTextStyleError);
    expect((error as Error).message).toContain('test.json');
    return (error as ColorfulTextStyleError).problems;
  }
  throw new Error('expected the material to be rejected');
}

describe('parseColorfulTextMaterial', () => {
  it('fills in the defaults of a minimal style', () => {
    const m = parseColorfulTextMaterial(structuredClone(minimal));
    expect(m.pro).toBe(false);
    expect(m.items[0]).toMatchObject({
      isDefTextContent: true,
      opacity: 1,
      attributes: { alignment: 1, wordSpacing: 0, lineSpacing: 0, opacity: 1, backgroundColor: '', layersAbove: [], layersBelow: [] },
    });
  });

  it('fills in effect layer defaults', () => {
    const json = structuredClone(minimal) as typeof minimal & { items: Array<{ attributes: Record<string, unknown> }> };
    json.items[0].attributes.layersBelow = [{ kind: 'shadow', color: '#000000', offsetY: 4 }];
    const layer = (parseColorfulTextMaterial(json).items[0] as { attributes: { layersBelow: unknown[] } }).attributes.layersBelow[0];
    expect(layer).toEqual({
      kind: 'shadow',
      offsetX: 0,
      offsetY: 4,
      opacity: 1,
      color: '#000000',
      width: 0,
      blur: 0,
      gradientColors: [],
      gradientAngle: 90,
      perRowGradient: false,
      inner: false,
    });
  });

  it('names the path of each bad field', () => {
    const bad = structuredClone(minimal) as unknown as { items: Array<Record<string, unknown> & { attributes: Record<string, unknown> }> };
    bad.items[0].attributes.fontSize = 'big';
    bad.items[0].attributes.colorStr = 'red';
    bad.items[0].attributes.layersAbove = [{ kind: 'stroke', color: '#000000' }];
    const problems = problemsOf(bad);
    expect(problems).toContainEqual(expect.stringMatching(/^items\.0\.attributes\.fontSize: .*number/));
    expect(problems).toContainEqual('items.0.attributes.colorStr: expected a colour #RRGGBB or #RRGGBBAA');
    expect(problems).toContainEqual('items.0.attributes.layersAbove.0.width: a stroke needs a width above 0');
  });

  it('rejects unknown fields, bad ids, stray rects, one-colour gradients and unknown item kinds', () => {
    expect(problemsOf({ ...minimal, colour: 'x' })).toContainEqual(expect.stringMatching(/colour/));
    expect(problemsOf({ ...minimal, colorfulId: 'Neon Pink' })).toEqual(['colorfulId: expected a kebab-case id such as "neon-pink"']);
    const wide = structuredClone(minimal);
    wide.items[0].rect.w = 500;
    expect(problemsOf(wide)).toEqual(['items.0.rect: the rect lies outside the 400×200 material']);
    const oneColour = structuredClone(minimal) as unknown as { items: Array<{ attributes: Record<string, unknown> }> };
    oneColour.items[0].attributes.gradient = { colors: ['#ffffff'] };
    expect(problemsOf(oneColour)).toEqual(['items.0.attributes.gradient.colors: a gradient needs at least two colours']);
    expect(problemsOf({ ...minimal, items: [{ kind: 'shape' }] })[0]).toMatch(/^items\.0/);
    expect(problemsOf(null)).toHaveLength(1);
  });
});
