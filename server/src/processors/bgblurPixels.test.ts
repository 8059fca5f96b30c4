import { describe, expect, it } from 'vitest';
import { compositeOver, dilateMask, pushPullFill, thresholdMask } from './bgblurPixels';

/** A w×h RGB image whose left half is red and right half blue. */
function halves(w: number, h: number): Uint8Array {
  const rgb = new Uint8Array(w * h * 3);
  for (let i = 0; i < w * h; i++) rgb.set(i % w < w / 2 ? [255, 0, 0] : [0, 0, 255], i * 3);
  return rgb;
}

describe('thresholdMask', () => {
  it('cuts at half opacity (SPEC feather threshold 0.5)', () => {
    expect([...thresholdMask(Uint8Array.from([0, 127, 128, 200, 255]))]).toEqual([0, 0, 255, 255, 255]);
  });
});

describe('dilateMask', () => {
  it('grows a single pixel into a square of side 2r+1 and leaves r = 0 alone', () => {
    const mask = new Uint8Array(49);
    mask[3 * 7 + 3] = 255;
    const grown = dilateMask(mask, 7, 7, 2);
    expect(grown.reduce((n, v) => n + (v ? 1 : 0), 0)).toBe(25);
    expect(grown[1 * 7 + 1]).toBe(255);
    expect(grown[0]).toBe(0);
    expect([...dilateMask(mask, 7, 7, 0)]).toEqual([...mask]);
  });
});

describe('pushPullFill', () => {
  it('keeps known pixels exactly and fills a hole from its surroundings only', () => {
    const w = 40,
      h = 30;
    const rgb = halves(w, h);
    const known = new Uint8Array(w * h).fill(255);
    // A hole in the red half, painted bright green: the green must not survive.
    for (let y = 10; y < 20; y++)
      for (let x = 5; x < 15; x++) {
        known[y * w + x] = 0;
        rgb.set([0, 255, 0], (y * w + x) * 3);
      }
    const out = pushPullFill(rgb, known, w, h);
    expect([...out.slice(0, 4)]).toEqual([255, 0, 0, 255]); // known corner untouched
    const centre = (15 * w + 10) * 4;
    expect(out[centre + 1]).toBe(0); // no green from inside the hole
    expect(out[centre]).toBeGreaterThan(200); // red around it
  });

  it('blends both sides across a hole on a colour boundary', () => {
    const w = 40,
      h = 10;
    const rgb = halves(w, h);
    const known = new Uint8Array(w * h).fill(255);
    for (let y = 0; y < h; y++) for (let x = 12; x < 28; x++) known[y * w + x] = 0;
    const out = pushPullFill(rgb, known, w, h);
    const at = (x: number) => out[(5 * w + x) * 4];
    expect(at(13)).toBeGreaterThan(at(26)); // redder next to the red side
    expect(out[(5 * w + 26) * 4 + 2]).toBeGreaterThan(out[(5 * w + 13) * 4 + 2]); // bluer next to the blue side
  });

  it('gives grey when nothing is known', () => {
    const out = pushPullFill(new Uint8Array(12), new Uint8Array(4), 2, 2);
    expect([...out.slice(0, 4)]).toEqual([128, 128, 128, 255]);
  });
});

describe('compositeOver', () => {
  it('mixes sharp over blurred by the mask', () => {
    const sharp = Uint8Array.from([200, 100, 0, 200, 100, 0, 200, 100, 0]);
    const blurred = Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const out = compositeOver(sharp, blurred, Uint8Array.from([255, 0, 51]));
    expect([...out]).toEqual([200, 100, 0, 0, 0, 0, 40, 20, 0]);
  });
});
