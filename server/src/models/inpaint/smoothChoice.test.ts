import { describe, expect, it } from 'vitest';
import { labelParts } from './bestFill';
import type { Raster } from './raster';
import { chosenSmoothFill, ringLabels } from './smoothChoice';
import { runTelea } from './telea';

describe('ringLabels', () => {
  it('labels every pixel within the given 4-connected steps with the part it was reached from', () => {
    const w = 11;
    const labels = new Int32Array(w * 1);
    labels[2] = 1;
    labels[8] = 2;
    expect(Array.from(ringLabels(labels, w, 1, 2))).toEqual([1, 1, 1, 1, 1, 0, 2, 2, 2, 2, 2]);
  });
});

describe('chosenSmoothFill', () => {
  it('writes only hole pixels, and on a soft ramp it beats Telea alone (the ring shows the mix that continues it)', async () => {
    const w = 96;
    const h = 64;
    const data = Buffer.alloc(w * h * 3);
    // A smooth diagonal ramp with a curved term: no one smooth fill continues it exactly.
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const v = 40 + 1.5 * x + 0.8 * y + 0.01 * (x - 48) ** 2;
        data.set([v, 255 - v, 0.5 * v], (y * w + x) * 3);
      }
    const raster: Raster = { data, width: w, height: h, channels: 3 };
    const hole = new Uint8Array(w * h);
    for (let y = 20; y < 44; y++) hole.fill(1, y * w + 20, y * w + 76);
    const { labels, count } = labelParts(hole, w, h);
    const out = await chosenSmoothFill(raster, hole, labels, count);
    const telea = await runTelea(raster, { data: Uint8Array.from(hole, (v) => v * 255), width: w, height: h }, 5);
    let errChosen = 0;
    let errTelea = 0;
    let outside = 0;
    for (let i = 0; i < w * h; i++)
      for (let k = 0; k < 3; k++) {
        if (!hole[i]) {
          if (out.data[i * 3 + k] !== data[i * 3 + k]) outside++;
          continue;
        }
        errChosen += Math.abs(out.data[i * 3 + k] - data[i * 3 + k]);
        errTelea += Math.abs(telea[i * 3 + k] - data[i * 3 + k]);
      }
    expect(outside).toBe(0);
    expect(errChosen).toBeLessThan(errTelea);
  });
});
