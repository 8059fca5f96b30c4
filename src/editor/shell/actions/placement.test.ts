import { describe, expect, it } from 'vitest';
import type { Rect } from '../../../../engine/doc/types';
import { placeInView, takenRects, visibleCanvasBox } from './placement';

const rect = { x: 0, y: 0, w: 200, h: 100, angle: 0 };

describe('visibleCanvasBox', () => {
  it('is the whole canvas when it fits on screen', () => {
    const view = { scale: 0.5, x: 100, y: 50, viewport: { width: 800, height: 600 } };
    expect(visibleCanvasBox(view, 1000, 800)).toEqual({ x: 0, y: 0, w: 1000, h: 800 });
  });

  it('is the part on screen when zoomed in and panned', () => {
    // 2× zoom, the canvas' point (300, 200) at the viewport's top-left.
    const view = { scale: 2, x: -600, y: -400, viewport: { width: 800, height: 600 } };
    expect(visibleCanvasBox(view, 1000, 800)).toEqual({ x: 300, y: 200, w: 400, h: 300 });
  });
});

describe('placeInView', () => {
  const whole = { x: 0, y: 0, w: 1000, h: 800 };

  it('centres the first element in the visible part', () => {
    expect(placeInView(rect, { x: 300, y: 200, w: 400, h: 300 }, [], 1000, 800)).toMatchObject({ x: 400, y: 300, w: 200, h: 100 });
  });

  it('cascades elements of different sizes too: a sticker after a shape does not land on its centre (issue 29)', () => {
    const shape = placeInView({ x: 0, y: 0, w: 300, h: 300, angle: 0 }, whole, [], 1000, 800);
    const sticker = placeInView({ x: 0, y: 0, w: 120, h: 120, angle: 0 }, whole, [shape], 1000, 800);
    const centre = (r: Rect) => [r.x + r.w / 2, r.y + r.h / 2];
    expect(centre(sticker)).not.toEqual(centre(shape));
    expect(centre(sticker)[0] - centre(shape)[0]).toBeGreaterThanOrEqual(32);
  });

  it('steps each new element away from the ones already there, never onto the same spot', () => {
    const taken: Rect[] = [];
    for (let i = 0; i < 6; i++) taken.push(placeInView(rect, whole, taken, 1000, 800));
    const spots = new Set(taken.map((r) => `${r.x},${r.y}`));
    expect(spots.size).toBe(6);
    expect(taken[1].x - taken[0].x).toBe(32); // 4 % of the 800 px side
    expect(taken[1].y - taken[0].y).toBe(32);
  });

  it('keeps stepped elements inside the visible box', () => {
    const visible = { x: 300, y: 200, w: 400, h: 300 };
    const taken: Rect[] = [];
    for (let i = 0; i < 20; i++) taken.push(placeInView(rect, visible, taken, 1000, 800));
    for (const placed of taken) {
      expect(placed.x).toBeGreaterThanOrEqual(visible.x);
      expect(placed.x + placed.w).toBeLessThanOrEqual(visible.x + visible.w);
      expect(placed.y).toBeGreaterThanOrEqual(visible.y);
      expect(placed.y + placed.h).toBeLessThanOrEqual(visible.y + visible.h);
    }
  });

  it('lets an element wider than the view drift a little, never far away', () => {
    const wide = { x: 0, y: 0, w: 1100, h: 100, angle: 0 };
    const taken: Rect[] = [];
    for (let i = 0; i < 8; i++) taken.push(placeInView(wide, whole, taken, 1000, 800));
    for (const placed of taken) {
      expect(placed.x + placed.w / 2).toBeGreaterThan(0);
      expect(placed.x + placed.w / 2).toBeLessThan(1000);
      expect(placed.y).toBeGreaterThanOrEqual(0);
      expect(placed.y + placed.h).toBeLessThanOrEqual(800);
    }
    expect(new Set(taken.map((r) => `${r.x},${r.y}`)).size).toBeGreaterThan(4);
  });

  it('ignores the background layer', () => {
    expect(
      takenRects([
        { layerId: 'bgLayer', rect: { x: 0, y: 0, w: 1000, h: 800, angle: 0 } },
        { layerId: 'a', rect },
      ]),
    ).toEqual([rect]);
  });
});
