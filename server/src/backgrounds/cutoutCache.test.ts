/**
 * The cut-out cache: the same bytes are cut out once; the PNG and the RGBA views of one cut-out agree; other
 * bytes run the model again. The model is replaced by a counter here (the cut-out itself is tested in
 * models/removeBackground.test.ts).
 */
import sharp from 'sharp';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const runs = vi.hoisted(() => ({ count: 0 }));
vi.mock('../models/removeBackground', () => ({
  removeBackground: async (input: Buffer, onProgress: (f: number) => void) => {
    runs.count++;
    onProgress(0.5);
    const png = await sharp({ create: { width: 4, height: 3, channels: 4, background: { r: input[0]!, g: 0, b: 0, alpha: 0.5 } } }).png().toBuffer();
    return { png, width: 4, height: 3 };
  },
}));

const { clearCutoutCache, cutoutOf, cutoutPngOf } = await import('./cutoutCache');

beforeEach(() => {
  clearCutoutCache();
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
});
