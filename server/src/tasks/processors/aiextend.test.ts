import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../../engine/spec/errors';
import { LocalDiskStorage } from '../../storage/localDiskStorage';
import type { FileStorage } from '../../storage/storage';
import { readPhoto } from '../../testing/testPhotos';
import type { ProcessorContext } from '../processor';
import { aiextendProcessor, extendImage } from './aiextend';

interface Rgb {
  data: Buffer;
  width: number;
  height: number;
}

async function rgbOf(file: Buffer): Promise<Rgb> {
  const { data, info } = await sharp(file).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** True when every pixel of `photo` appears unchanged in `frame` with its top-left corner at (left, top). */
function containsExactly(frame: Rgb, photo: Rgb, left: number, top: number): boolean {
  for (let y = 0; y < photo.height; y++) {
    const a = frame.data.subarray(((top + y) * frame.width + left) * 3, ((top + y) * frame.width + left + photo.width) * 3);
    const b = photo.data.subarray(y * photo.width * 3, (y + 1) * photo.width * 3);
    if (!a.equals(b)) return false;
  }
  return true;
}

/** Mean colour of a rectangle. */
function meanColour(img: Rgb, x0: number, y0: number, w: number, h: number): [number, number, number] {
  const sum = [0, 0, 0];
  for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) for (let c = 0; c < 3; c++) sum[c] += img.data[(y * img.width + x) * 3 + c];
  return sum.map((v) => v / (w * h)) as [number, number, number];
}

const distance = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** Share of pixels in a rectangle that are (nearly) pure black: what an unfilled border looks like. */
function blackShare(img: Rgb, x0: number, y0: number, w: number, h: number): number {
  let n = 0;
  for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) {
    const i = (y * img.width + x) * 3;
    if (img.data[i] < 4 && img.data[i + 1] < 4 && img.data[i + 2] < 4) n++;
  }
  return n / (w * h);
}

describe('extendImage on real photos', () => {
  it('extends the coffee photo to 16:9, the photo exact at its place and the border filled to match', async () => {
    const input = await readPhoto('coffee'); // 600 × 400
    const photo = await rgbOf(input);
    const { png, layout } = await extendImage(input, { ratio: '16:9', position: { x: 0.25, y: 0.5 } });
    const out = await rgbOf(png);
    expect([out.width, out.height]).toEqual([711, 400]);
    expect(out.width / out.height).toBeCloseTo(16 / 9, 2);
    expect(layout).toEqual({ width: 711, height: 400, left: 28, top: 0 });
    expect(containsExactly(out, photo, 28, 0)).toBe(true);

    const right = { x: 28 + 600, w: 711 - 628 };
    expect(blackShare(out, right.x, 0, right.w, 400)).toBeLessThan(0.01);
    expect(blackShare(out, 0, 0, 28, 400)).toBeLessThan(0.01);
    // Next to each edge, the fill has about the colours of the photo's own edge.
    for (const [y0, h] of [[0, 100], [150, 100], [300, 100]]) {
      const photoEdge = meanColour(photo, 600 - 20, y0, 20, h);
      const fillEdge = meanColour(out, right.x, y0, 20, h);
      expect(distance(photoEdge, fillEdge)).toBeLessThan(45);
    }
    expect(distance(meanColour(photo, 0, 0, 20, 400), meanColour(out, 0, 0, 20, 400))).toBeLessThan(45);
  });

  it('fills a big frame on a scaled copy and still keeps every photo pixel exact', async () => {
    const input = await readPhoto('chelsea'); // 451 × 300
    const photo = await rgbOf(input);
    const progress: number[] = [];
    const { png, layout } = await extendImage(
      input,
      { ratio: '9:16', position: { x: 0.5, y: 0 } },
      { onProgress: (f) => progress.push(f), checkCancelled: async () => undefined },
      { fillMaxPixels: 40_000 }, // forces the scaled path (the frame is 451 × 802)
    );
    const out = await rgbOf(png);
    expect([out.width, out.height]).toEqual([451, 802]);
    expect(layout.top).toBe(0);
    expect(containsExactly(out, photo, 0, 0)).toBe(true);
    expect(blackShare(out, 0, 300, 451, 502)).toBeLessThan(0.01);
    expect(distance(meanColour(photo, 0, 280, 451, 20), meanColour(out, 0, 300, 451, 20))).toBeLessThan(45);
    expect(progress.at(-1)).toBe(1);
  });
});

describe('cancelling', () => {
  it('stops the fill soon after the user cancels', async () => {
    const input = await readPhoto('coffee');
    let calls = 0;
    const cancelled = new Error('cancelled by the user');
    const started = performance.now();
    const run = extendImage(input, { ratio: '1:1', position: { x: 0.5, y: 0.5 } }, {
      onProgress: () => undefined,
      checkCancelled: async () => {
        calls++;
        if (calls >= 2) throw cancelled; // the first check passes, the first one during the fill cancels
      },
    });
    await expect(run).rejects.toBe(cancelled);
    expect(performance.now() - started).toBeLessThan(4000); // a full 600 × 600 fill takes several seconds
  });
});

describe('aiextendProcessor params', () => {
  let dir: string;
  let storage: FileStorage;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'aiextend-'));
    storage = new LocalDiskStorage(dir);
    await storage.put('uploads/coffee.jpg', await readPhoto('coffee'), 'image/jpeg');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const ctxFor = (params: Record<string, unknown>): ProcessorContext => ({
    taskId: 't1', params: { inputKey: 'uploads/coffee.jpg', ...params }, storage,
    onProgress: () => undefined, checkCancelled: async () => undefined,
  });

  it.each([
    [{ ratio: '2:1' }],
    [{ ratio: 'custom' }],
    [{ ratio: 'custom', width: 500, height: 400 }], // smaller than the 600 × 400 photo
    [{ ratio: 'custom', width: 1300, height: 800 }], // over 4× the photo's area
    [{ ratio: 'custom', width: 9000, height: 400 }], // over 4096 px
    [{ ratio: '3:2' }],
    [{ ratio: '1:1', position: { x: -1, y: 0 } }],
  ])('rejects %j with PARAMS_INVALID', async (params) => {
    await expect(aiextendProcessor(ctxFor(params))).rejects.toMatchObject({ code: ResultCode.PARAMS_INVALID });
  });
});
