import { describe, expect, it } from 'vitest';
import type { ColorfulTextEffectLayer } from '../../../engine/doc/types';
import { LINE_HEIGHT, effectPadding, gradientBox, gradientEndpoints, layoutItem, splitLines } from './layout';

/** 10 px per character at font size 100: easy numbers. */
const measure = (line: string) => Array.from(line).length * 10;
const attrs = { fontSize: 100, wordSpacing: 0, lineSpacing: 0, alignment: 1 as const, layersAbove: [], layersBelow: [] };
const rect = { x: 0, y: 0, w: 500, h: 400 };
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

describe('splitLines', () => {
  it('splits on newlines, keeping empty lines', () => {
    expect(splitLines('a\nb\r\n\nc')).toEqual(['a', 'b', '', 'c']);
    expect(splitLines('')).toEqual(['']);
  });
});

describe('layoutItem', () => {
  it('centres a short line in the rect without scaling it', () => {
    const l = layoutItem(['Hello'], attrs, rect, measure);
    expect(l.fit).toBe(1);
    expect(l.lines[0]).toMatchObject({ text: 'Hello', width: 50, x: 0, y: (100 * LINE_HEIGHT) / 2 });
    expect(l.origin).toEqual({ x: 225, y: 140 });
  });

  it('scales text down to fit the rect width, never up', () => {
    const l = layoutItem(['x'.repeat(100)], attrs, rect, measure); // 1000 px wide in a 500 px rect
    expect(l.fit).toBeCloseTo(0.5);
    expect(l.origin.x).toBeCloseTo(0);
  });

  it('scales down to fit the height too, lines spaced by lineSpacing', () => {
    const l = layoutItem(['a', 'b', 'c', 'd'], { ...attrs, lineSpacing: 20 }, rect, measure);
    const blockH = 4 * 120 + 3 * 20;
    expect(l.block.h).toBe(blockH);
    expect(l.fit).toBeCloseTo(400 / blockH);
    expect(l.lines.map((line) => line.y)).toEqual([60, 200, 340, 480]);
  });

  it('aligns lines left, centre or right within the block and the block within the rect', () => {
    const lines = ['abcd', 'ab'];
    expect(layoutItem(lines, { ...attrs, alignment: 0 }, rect, measure).lines.map((l) => l.x)).toEqual([0, 0]);
    expect(layoutItem(lines, { ...attrs, alignment: 1 }, rect, measure).lines.map((l) => l.x)).toEqual([0, 10]);
    expect(layoutItem(lines, { ...attrs, alignment: 2 }, rect, measure).lines.map((l) => l.x)).toEqual([0, 20]);
    expect(layoutItem(lines, { ...attrs, alignment: 0 }, rect, measure).origin.x).toBe(0);
    expect(layoutItem(lines, { ...attrs, alignment: 2 }, rect, measure).origin.x).toBe(460);
  });

  it('adds letter spacing after every character', () => {
    expect(layoutItem(['abc'], { ...attrs, wordSpacing: 5 }, rect, measure).lines[0].width).toBe(45);
  });

  it('leaves room for strokes, offsets and blur, and fits that room too', () => {
    const below = [layer({ kind: 'stroke', width: 20 }), layer({ offsetX: 30, offsetY: 5, blur: 4 })];
    expect(effectPadding({ layersBelow: below, layersAbove: [layer({ inner: true, offsetX: 99 })] })).toEqual({ x: 38, y: 13 });
    const l = layoutItem(['x'.repeat(50)], { ...attrs, layersBelow: below }, rect, measure);
    expect(l.content.w).toBe(500 + 76);
    expect(l.fit).toBeCloseTo(500 / 576);
    expect(l.lines[0].x).toBe(38);
  });

  it('keeps a margin inside a background colour', () => {
    expect(effectPadding({ layersBelow: [], layersAbove: [], backgroundColor: '#000000', fontSize: 100 })).toEqual({ x: 25, y: 25 });
    expect(effectPadding({ layersBelow: [], layersAbove: [], backgroundColor: '', fontSize: 100 })).toEqual({ x: 0, y: 0 });
  });
});

describe('gradientEndpoints', () => {
  const box = { x: 10, y: 20, w: 200, h: 100 };
  it('runs left to right at 0°, top to bottom at 90°, right to left at 180°', () => {
    expect(gradientEndpoints(box, 0)).toEqual({ x0: 10, y0: 70, x1: 210, y1: 70 });
    const down = gradientEndpoints(box, 90);
    expect(down.x0).toBeCloseTo(110);
    expect(down.y0).toBeCloseTo(20);
    expect(down.y1).toBeCloseTo(120);
    const back = gradientEndpoints(box, 180);
    expect(back.x0).toBeCloseTo(210);
    expect(back.x1).toBeCloseTo(10);
  });

  it('reaches the corners on a diagonal', () => {
    const square = { x: 0, y: 0, w: 100, h: 100 };
    const d = gradientEndpoints(square, 45);
    expect(d.x0).toBeCloseTo(0);
    expect(d.y0).toBeCloseTo(0);
    expect(d.x1).toBeCloseTo(100);
    expect(d.y1).toBeCloseTo(100);
  });

  it('spans one line per row, or the whole block', () => {
    const l = layoutItem(['abcd', 'ab'], attrs, rect, measure);
    expect(gradientBox(l, l.lines[1], true)).toEqual({ x: 10, y: 120, w: 20, h: 120 });
    expect(gradientBox(l, l.lines[1], false)).toEqual({ x: 0, y: 0, w: 40, h: 240 });
  });
});
