import { describe, expect, it } from 'vitest';
import { flipRowsY, unpremultiplyRgba } from './pixels';

describe('export pixel functions', () => {
  it('un-premultiplies: half-transparent dark red becomes full red at alpha 128', () => {
    const data = new Uint8ClampedArray([64, 32, 0, 128, 10, 20, 30, 255, 99, 99, 99, 0]);
    unpremultiplyRgba(data);
    expect([...data]).toEqual([128, 64, 0, 128, 10, 20, 30, 255, 0, 0, 0, 0]);
  });

  it('never overflows 255', () => {
    const data = new Uint8ClampedArray([200, 0, 0, 100]);
    unpremultiplyRgba(data);
    expect(data[0]).toBe(255);
  });

  it('flips rows vertically (odd height keeps the middle row)', () => {
    const row = (v: number) => [v, v, v, 255, v, v, v, 255];
    const data = new Uint8ClampedArray([...row(1), ...row(2), ...row(3)]);
    flipRowsY(data, 2, 3);
    expect([...data]).toEqual([...row(3), ...row(2), ...row(1)]);
  });
});
