import { describe, expect, it } from 'vitest';
import { MAX_ZOOM, MIN_ZOOM, clampZoom, fitView, toCanvasPoint, wheelZoomFactor, zoomAt } from './viewMath';

describe('view math', () => {
  it('fits a square canvas into a wide viewport, centred, with padding', () => {
    const view = fitView({ width: 1200, height: 800 }, { width: 1080, height: 1080 }, 40);
    expect(view.scale).toBeCloseTo(720 / 1080);
    expect(view.y).toBeCloseTo(40);
    expect(view.x).toBeCloseTo((1200 - 720) / 2);
  });

  it('scales a small canvas up to fit', () => {
    expect(fitView({ width: 1000, height: 1000 }, { width: 100, height: 100 }, 0).scale).toBe(10);
  });

  it('keeps the canvas point under the pointer while zooming', () => {
    const view = { scale: 0.5, x: 100, y: 50 };
    const anchor = { x: 400, y: 300 };
    const before = toCanvasPoint(view, anchor);
    const zoomed = zoomAt(view, anchor, 2);
    expect(zoomed.scale).toBe(2);
    const after = toCanvasPoint(zoomed, anchor);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
  });

  it('clamps zoom and maps wheel deltas to factors', () => {
    expect(clampZoom(1000)).toBe(MAX_ZOOM);
    expect(clampZoom(0.0001)).toBe(MIN_ZOOM);
    expect(clampZoom(Number.NaN)).toBe(1);
    expect(wheelZoomFactor(-100)).toBeGreaterThan(1);
    expect(wheelZoomFactor(100)).toBeLessThan(1);
    expect(wheelZoomFactor(100) * wheelZoomFactor(-100)).toBeCloseTo(1);
  });
});

describe('fit on a phone', () => {
  it('keeps a narrow margin so the design uses the width of a 390 px screen', () => {
    const view = fitView({ width: 390, height: 540 }, { width: 1080, height: 1080 });
    expect(view.scale).toBeCloseTo((390 - 2 * 16) / 1080, 3);
  });
});
