import { describe, expect, it } from 'vitest';
import { holeShareInBox, sameKindBoxes } from './objectSources';
import type { Detection } from './products/centernet';

function hole(w: number, h: number, x0: number, y0: number, x1: number, y1: number) {
  const data = new Uint8Array(w * h);
  for (let y = y0; y < y1; y++) data.fill(255, y * w + x0, y * w + x1);
  return { data, width: w, height: h };
}

describe('objectSources: the objects of the erased kind', () => {
  const car = (x: number, score = 0.8): Detection => ({ label: 'car', score, box: [x, 0.4, 0.3, 0.3] });
  const erased = hole(100, 100, 62, 42, 88, 68); // inside the right car's box (x 0.6–0.9)

  it('reads the kind under the hole from the box that holds it, and returns the other objects of that kind', () => {
    expect(holeShareInBox(erased, car(0.6).box)).toBe(1);
    expect(holeShareInBox(erased, car(0.1).box)).toBe(0);
    const found = sameKindBoxes(erased, [car(0.6), car(0.1), { label: 'dog', score: 0.9, box: [0.1, 0.1, 0.2, 0.2] }]);
    expect(found.kinds).toEqual(['car']);
    expect(found.boxes).toEqual([car(0.1).box]); // the other car, not the dog, not the erased car itself
  });

  it('names no kind when no box holds the hole', () => {
    expect(sameKindBoxes(erased, [car(0.1)])).toEqual({ kinds: [], boxes: [] });
  });
});
