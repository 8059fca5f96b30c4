import { describe, expect, it } from 'vitest';
import { fitToScreen, getView, panBy, setViewport, zoomIn, zoomOut, zoomTo100 } from './viewStore';

describe('view store', () => {
  it('fits on first layout; a panel closing or opening keeps the zoom and centres the canvas (issue 29)', () => {
    const canvas = { width: 800, height: 500 };
    setViewport({ width: 760, height: 1000 }, canvas);
    expect(getView().fitted).toBe(true);
    const fitted = getView().scale;
    // The 240 px panel closes, then opens again: the same zoom (it used to jump to the wider fit), centred each time.
    setViewport({ width: 1000, height: 1000 }, canvas);
    expect(getView().scale).toBe(fitted);
    expect(getView().x).toBeCloseTo((1000 - 800 * fitted) / 2);
    setViewport({ width: 760, height: 1000 }, canvas);
    expect(getView().scale).toBe(fitted);
    expect(getView().fitted).toBe(true);
    // A viewport too small for the canvas at this zoom: it shrinks to fit.
    setViewport({ width: 400, height: 1000 }, canvas);
    expect(getView().scale).toBeLessThan(fitted);
    expect(800 * getView().scale).toBeLessThanOrEqual(400);
  });

  it('stops following the viewport once the user zooms or pans, until fit is asked again', () => {
    setViewport({ width: 1000, height: 800 }, { width: 1000, height: 1000 });
    zoomTo100();
    expect(getView().scale).toBe(1);
    expect(getView().fitted).toBe(false);
    setViewport({ width: 1200, height: 800 }, { width: 1000, height: 1000 });
    expect(getView().scale).toBe(1);
    panBy(10, -5);
    const { x, y } = getView();
    zoomIn();
    zoomOut();
    expect(getView().scale).toBeCloseTo(1);
    expect(getView().x).toBeCloseTo(x);
    expect(getView().y).toBeCloseTo(y);
    fitToScreen();
    expect(getView().fitted).toBe(true);
    expect(getView().scale).toBeLessThan(1);
  });

  it('refits when the document canvas size changes', () => {
    setViewport({ width: 1000, height: 1000 }, { width: 1000, height: 1000 });
    zoomTo100();
    setViewport({ width: 1000, height: 1000 }, { width: 4000, height: 4000 });
    expect(getView().fitted).toBe(true);
    expect(getView().scale).toBeLessThan(0.3);
  });
});
