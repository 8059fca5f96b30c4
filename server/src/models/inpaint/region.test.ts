import { describe, expect, it } from 'vitest';
import type { BinaryMask, Raster } from './raster';
import { MAX_REGIONS, blobBounds, contextRegion, fillInRegion, fillRegions, maskBounds } from './region';

function gradient(width: number, height: number): Raster {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) data.fill(i % 251, i * 3, i * 3 + 3);
  return { data, width, height, channels: 3 };
}

function boxMask(width: number, height: number, box: { x: number; y: number; w: number; h: number }): BinaryMask {
  const data = new Uint8Array(width * height);
  for (let y = box.y; y < box.y + box.h; y++) data.fill(255, y * width + box.x, y * width + box.x + box.w);
  return { data, width, height };
}

describe('filling only the region around the mask', () => {
  it('finds the mask bounds and adds context clamped to the image', () => {
    const mask = boxMask(1000, 800, { x: 10, y: 700, w: 30, h: 20 });
    expect(maskBounds(mask)).toEqual({ x: 10, y: 700, w: 30, h: 20 });
    expect(contextRegion(maskBounds(mask), 1000, 800)).toEqual({ x: 0, y: 636, w: 104, h: 148 });
  });

  it('hands the fill a small crop of a big photo and pastes back only the masked pixels', async () => {
    const image = gradient(1000, 800);
    const mask = boxMask(1000, 800, { x: 500, y: 400, w: 20, h: 10 });
    const seen: Array<[number, number]> = [];
    const out = await fillInRegion(
      image,
      mask,
      async (items) =>
        items.map(({ raster }) => {
          seen.push([raster.width, raster.height]);
          return Buffer.alloc(raster.data.length, 7);
        }),
      1_000_000,
    );
    expect(seen).toEqual([[148, 138]]);
    const at = (x: number, y: number) => out[(y * 1000 + x) * 3];
    expect(at(505, 405)).toBe(7); // inside the mask: filled
    expect(at(499, 405)).toBe(image.data[(405 * 1000 + 499) * 3]); // next to it: untouched
    expect(Buffer.compare(out.subarray(0, 300_000), image.data.subarray(0, 300_000))).toBe(0);
  });

  it('scales a region above the pixel budget down for the fill and back up for the paste', async () => {
    const image = gradient(600, 400);
    const mask = boxMask(600, 400, { x: 100, y: 100, w: 400, h: 200 });
    const seen: number[] = [];
    const out = await fillInRegion(
      image,
      mask,
      async (items) =>
        items.map(({ raster, mask: m }) => {
          seen.push(raster.width * raster.height);
          expect([m.width, m.height]).toEqual([raster.width, raster.height]);
          return Buffer.alloc(raster.data.length, 200);
        }),
      60_000,
    );
    expect(seen[0]).toBeLessThanOrEqual(60_000);
    expect(out[(200 * 600 + 300) * 3]).toBe(200);
    expect(out[(50 * 600 + 50) * 3]).toBe(image.data[(50 * 600 + 50) * 3]);
  });

  it('fills far-apart holes as separate small regions, and merges close ones', async () => {
    const mask = boxMask(1000, 800, { x: 20, y: 20, w: 10, h: 10 });
    for (let y = 700; y < 710; y++) mask.data.fill(255, y * 1000 + 900, y * 1000 + 910); // opposite corner
    for (let y = 20; y < 30; y++) mask.data.fill(255, y * 1000 + 60, y * 1000 + 70); // 30 px from the first
    expect(blobBounds(mask)).toHaveLength(3);
    const seen: Array<[number, number]> = [];
    const image = gradient(1000, 800);
    const calls: number[] = [];
    const out = await fillInRegion(
      image,
      mask,
      async (items) => {
        calls.push(items.length);
        return items.map(({ raster }) => {
          seen.push([raster.width, raster.height]);
          return Buffer.alloc(raster.data.length, 9);
        });
      },
      1_000_000,
    );
    expect(calls).toEqual([2]); // one G'MIC process for both regions
    expect(seen).toHaveLength(2);
    expect(Math.max(...seen.map(([w, h]) => w * h))).toBeLessThan(40_000); // not the whole 800 000 px photo
    expect(out[(25 * 1000 + 25) * 3]).toBe(9);
    expect(out[(25 * 1000 + 65) * 3]).toBe(9);
    expect(out[(705 * 1000 + 905) * 3]).toBe(9);
  });

  it('falls back to one region when the mask is scattered into very many blobs', () => {
    const mask: BinaryMask = { data: new Uint8Array(2000 * 200), width: 2000, height: 200 };
    for (let i = 0; i < MAX_REGIONS + 3; i++) mask.data[100 * 2000 + 100 + i * 150] = 255;
    expect(fillRegions(mask)).toEqual([{ x: 0, y: 0, w: 2000, h: 200 }]);
  });
});
