import { describe, expect, it } from 'vitest';
import { mergeWhereUnsure, unsureShare, unsureWeight } from './cutoutMerge';

const band = { lo: 26, hi: 229 };

/** A w×h alpha with a solid square subject (255) at [x0, x1)×[y0, y1), background 0. */
function square(w: number, h: number, x0: number, y0: number, x1: number, y1: number, inside = 255): Uint8Array {
  const a = new Uint8Array(w * h);
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) a[y * w + x] = inside;
  return a;
}

describe('unsureShare', () => {
  it('is 0 for a crisp matte and 1 for a half-transparent one', () => {
    const box = { x: 0, y: 0, width: 20, height: 20 };
    expect(unsureShare(square(20, 20, 5, 5, 15, 15), { width: 20, height: 20 }, box, band)).toBe(0);
    expect(unsureShare(square(20, 20, 5, 5, 15, 15, 150), { width: 20, height: 20 }, box, band)).toBe(1);
  });

  it('counts only inside the box and is 0 when the box holds no subject', () => {
    const mask = square(20, 20, 0, 0, 10, 20, 150); // left half unsure
    expect(unsureShare(mask, { width: 20, height: 20 }, { x: 10, y: 0, width: 10, height: 20 }, band)).toBe(0);
    expect(unsureShare(mask, { width: 20, height: 20 }, { x: 0, y: 0, width: 10, height: 20 }, band)).toBe(1);
  });
});

describe('unsureWeight', () => {
  it('is 1 along the subject’s edge and 0 deep inside and far outside', () => {
    const photo = { width: 40, height: 40 };
    const crop = { x: 0, y: 0, width: 40, height: 40 };
    const w = unsureWeight(square(40, 40, 10, 10, 30, 30), photo, crop, band, 2);
    expect(w[20 * 40 + 10]).toBe(1); // on the left edge
    expect(w[20 * 40 + 20]).toBe(0); // centre of the subject
    expect(w[2 * 40 + 2]).toBe(0); // far background
  });

  it('is 1 wherever the first pass is half transparent, even away from edges', () => {
    const photo = { width: 40, height: 40 };
    const w = unsureWeight(square(40, 40, 5, 5, 35, 35, 150), photo, { x: 0, y: 0, width: 40, height: 40 }, band, 2);
    expect(w[20 * 40 + 20]).toBe(1);
  });
});

describe('mergeWhereUnsure', () => {
  it('keeps the first pass where it was sure and takes the second pass where it was not', () => {
    const photo = { width: 40, height: 40 };
    const crop = { x: 0, y: 0, width: 40, height: 40 };
    // First pass: a solid subject on the left, a half-transparent one on the right.
    const alpha = square(40, 40, 4, 10, 16, 30);
    for (let y = 10; y < 30; y++) for (let x = 24; x < 36; x++) alpha[y * 40 + x] = 140;
    const first = new Uint8Array(alpha);
    // Second pass: sees the left subject as background (context lost) and the right one as solid.
    const second = square(40, 40, 24, 10, 36, 30);
    mergeWhereUnsure(alpha, photo, crop, second, unsureWeight(first, photo, crop, band, 2), 4);
    expect(alpha[20 * 40 + 10]).toBe(255); // left subject's core kept from the first pass
    expect(alpha[20 * 40 + 30]).toBe(255); // right subject made solid by the second pass
    expect(alpha[2 * 40 + 2]).toBe(0);
  });

  it('fades into the first pass at crop edges inside the photo', () => {
    const photo = { width: 40, height: 20 };
    const first = new Uint8Array(40 * 20).fill(128); // unsure everywhere
    const alpha = new Uint8Array(first);
    const crop = { x: 10, y: 0, width: 20, height: 20 };
    mergeWhereUnsure(alpha, photo, crop, new Uint8Array(20 * 20).fill(255), unsureWeight(first, photo, crop, band, 2), 5);
    expect(alpha[10 * 40 + 10]).toBe(128); // on the crop's left edge: first pass
    expect(alpha[10 * 40 + 20]).toBe(255); // crop centre: second pass
    expect(alpha[10 * 40 + 5]).toBe(128); // outside the crop: untouched
  });
});
