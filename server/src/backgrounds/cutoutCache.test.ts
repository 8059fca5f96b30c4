/**
 * The cut-out cache: the same bytes are cut out once; the PNG and the RGBA views of one cut-out agree; other
 * bytes run the model again; the budget holds. The model is a counter here (the cut-out itself is tested in
 * models/removeBackground.test.ts).
 */
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { createCutoutCache } from './cutoutCache';

const runs = { count: 0 };
/** A 4 × 3 "cut-out" whose red is the input's first byte. */
const cut = async (input: Buffer, onProgress: (f: number) => void) => {
  runs.count++;
  onProgress(0.5);
  const png = await sharp({ create: { width: 4, height: 3, channels: 4, background: { r: input[0]!, g: 0, b: 0, alpha: 0.5 } } })
    .png()
    .toBuffer();
  return { png, width: 4, height: 3 };
};
let cache = createCutoutCache(cut);
const cutoutPngOf = (input: Buffer, onProgress?: (f: number) => void) => cache.png(input, onProgress);
const cutoutOf = (input: Buffer) => cache.raw(input);

beforeEach(() => {
  cache = createCutoutCache(cut);
  runs.count = 0;
});

describe('cut-out cache', () => {
  it('cuts the same bytes out once: the second request answers the first result, with its progress complete', async () => {
    const photo = Buffer.from([200, 1, 2, 3]);
    const first = await cutoutPngOf(photo);
    const progress: number[] = [];
    const second = await cutoutPngOf(Buffer.from(photo), (f) => progress.push(f));
    expect(runs.count).toBe(1);
    expect(second.png.equals(first.png)).toBe(true);
    expect(progress).toEqual([1]);
  });

  it('other bytes are cut out anew', async () => {
    await cutoutPngOf(Buffer.from([10, 1]));
    await cutoutPngOf(Buffer.from([10, 2]));
    expect(runs.count).toBe(2);
  });

  it('the RGBA of a cut-out is its PNG decoded, whichever was asked first', async () => {
    const photo = Buffer.from([77, 5]);
    const raw = await cutoutOf(photo);
    const { png } = await cutoutPngOf(photo);
    expect(runs.count).toBe(1);
    expect(raw).toMatchObject({ width: 4, height: 3 });
    expect(raw.data.equals(await sharp(png).ensureAlpha().raw().toBuffer())).toBe(true);
    expect([...raw.data.subarray(0, 4)]).toEqual([77, 0, 0, 128]);
  });

  it('keeps within its budget: the least recently used cut-out goes first', async () => {
    const one = await cut(Buffer.from([1]), () => undefined);
    cache = createCutoutCache(cut, one.png.length * 2 + 1);
    runs.count = 0;
    await cutoutPngOf(Buffer.from([1]));
    await cutoutPngOf(Buffer.from([2]));
    await cutoutPngOf(Buffer.from([1])); // 1 is now the most recent
    await cutoutPngOf(Buffer.from([3])); // evicts 2
    await cutoutPngOf(Buffer.from([1]));
    expect(runs.count).toBe(3);
    await cutoutPngOf(Buffer.from([2]));
    expect(runs.count).toBe(4);
  });
});
