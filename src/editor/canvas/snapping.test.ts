import { describe, expect, it } from 'vitest';
import { boxFromPoints, boxesIntersect, canvasSnapTargets, snapBox, unionBox } from './snapping';

const targets = canvasSnapTargets(1000, 800);

describe('snapBox', () => {
  it('snaps a left edge within the threshold onto the canvas edge and reports the guide', () => {
    expect(snapBox({ x: 4, y: 250, width: 100, height: 100 }, targets, 6)).toEqual({ dx: -4, dy: 0, guides: [{ orientation: 'V', pos: 0 }] });
  });

  it('snaps the centre onto the canvas centre on both axes', () => {
    const result = snapBox({ x: 447, y: 352, width: 100, height: 100 }, targets, 6);
    expect(result.dx).toBe(3);
    expect(result.dy).toBe(-2);
    expect(result.guides).toEqual([
      { orientation: 'V', pos: 500 },
      { orientation: 'H', pos: 400 },
    ]);
  });

  it('snaps a right/bottom edge onto the far canvas edge', () => {
    const result = snapBox({ x: 895, y: 705, width: 100, height: 100 }, targets, 6);
    expect(result).toEqual({
      dx: 5,
      dy: -5,
      guides: [
        { orientation: 'V', pos: 1000 },
        { orientation: 'H', pos: 800 },
      ],
    });
  });

  it('leaves a box beyond the threshold alone', () => {
    expect(snapBox({ x: 20, y: 250, width: 100, height: 100 }, targets, 6)).toEqual({ dx: 0, dy: 0, guides: [] });
  });

  it('prefers the nearest guide when two are in reach', () => {
    // left edge 5 from 0, right edge 2 from the centre line 500
    expect(snapBox({ x: 5, y: 300, width: 493, height: 10 }, targets, 6).dx).toBe(2);
  });
});

describe('boxes', () => {
  it('unions boxes and detects overlap (touching counts)', () => {
    expect(
      unionBox([
        { x: 0, y: 0, width: 10, height: 10 },
        { x: 20, y: -5, width: 5, height: 5 },
      ]),
    ).toEqual({ x: 0, y: -5, width: 25, height: 15 });
    expect(unionBox([])).toBeNull();
    expect(boxesIntersect({ x: 0, y: 0, width: 10, height: 10 }, { x: 10, y: 10, width: 5, height: 5 })).toBe(true);
    expect(boxesIntersect({ x: 0, y: 0, width: 10, height: 10 }, { x: 11, y: 0, width: 5, height: 5 })).toBe(false);
  });

  it('normalises a marquee dragged up and left', () => {
    expect(boxFromPoints({ x: 50, y: 60 }, { x: 10, y: 20 })).toEqual({ x: 10, y: 20, width: 40, height: 40 });
  });
});
