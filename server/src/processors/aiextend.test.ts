import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { LocalDiskStorage } from '../storage/localDiskStorage';
import type { FileStorage } from '../storage/storage';
import { readPhoto } from '../testing/testPhotos';
import type { ProcessorContext } from '../tasks/processor';
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

/** The most a border line may step against the photo's own median step (worstLineStep). */
const SEAM_STEP_MAX = 3;

const distance = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** Share of pixels in a rectangle that are (nearly) pure black: what an unfilled border looks like. */
function blackShare(img: Rgb, x0: number, y0: number, w: number, h: number): number {
  let n = 0;
  for (let y = y0; y < y0 + h; y++)
    for (let x = x0; x < x0 + w; x++) {
      const i = (y * img.width + x) * 3;
      if (img.data[i] < 4 && img.data[i + 1] < 4 && img.data[i + 2] < 4) n++;
    }
  return n / (w * h);
}

/**
 * The worst step across the photo's border: for each extended side of at least 16 px, the largest gradient energy
 * between two neighbouring lines parallel to the side, from the photo's edge line to the 16th border line, divided by
 * the median of the same energy over the photo's 32 lines next to it (bench/tools/extendMeasures.ts, worst row step).
 * A hard seam or a line where two fills meet shows here, even behind a fade of a few pixels.
 */
function worstLineStep(frame: Rgb, l: { left: number; top: number }, pw: number, ph: number): number {
  const sides = [
    { border: l.left, along: ph, at: (a: number, o: number) => [l.left - 1 - o, l.top + a] },
    { border: frame.width - l.left - pw, along: ph, at: (a: number, o: number) => [l.left + pw + o, l.top + a] },
    { border: l.top, along: pw, at: (a: number, o: number) => [l.left + a, l.top - 1 - o] },
    { border: frame.height - l.top - ph, along: pw, at: (a: number, o: number) => [l.left + a, l.top + ph + o] },
  ];
  let worst = 0;
  for (const side of sides.filter((s) => s.border >= 16)) {
    const line = (o: number) => {
      let e = 0;
      for (let a = 0; a < side.along; a++) {
        const [x0, y0] = side.at(a, o);
        const [x1, y1] = side.at(a, o + 1);
        for (let k = 0; k < 3; k++) e += (frame.data[(y1 * frame.width + x1) * 3 + k] - frame.data[(y0 * frame.width + x0) * 3 + k]) ** 2;
      }
      return e / (3 * side.along);
    };
    const own = Array.from({ length: 32 }, (_, n) => line(-33 + n)).sort((p, q) => p - q);
    const ref = Math.max(1e-3, own[16]);
    for (let o = -1; o < 15; o++) worst = Math.max(worst, line(o) / ref);
  }
  return worst;
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
    for (const [y0, h] of [
      [0, 100],
      [150, 100],
      [300, 100],
    ]) {
      const photoEdge = meanColour(photo, 600 - 20, y0, 20, h);
      const fillEdge = meanColour(out, right.x, y0, 20, h);
      expect(distance(photoEdge, fillEdge)).toBeLessThan(45);
    }
    expect(distance(meanColour(photo, 0, 0, 20, 400), meanColour(out, 0, 0, 20, 400))).toBeLessThan(45);
  });

  it.each([
    ['coffee', '16:9'],
    ['chelsea', '1:1'], // the cat's head is cut by the top edge: its soft end must not read as a line either
  ] as const)(
    'leaves no seam step at the border of %s extended to %s',
    async (name, ratio) => {
      const input = await readPhoto(name);
      const photo = await rgbOf(input);
      const { png, layout } = await extendImage(input, { ratio, position: { x: 0.5, y: 0.5 } });
      const out = await rgbOf(png);
      expect(worstLineStep(out, layout, photo.width, photo.height)).toBeLessThan(SEAM_STEP_MAX);
      // The measure sees a seam: the same frame with its border painted the photo's mean colour fails it.
      const flat = { ...out, data: Buffer.from(out.data) };
      const mean = meanColour(photo, 0, 0, photo.width, photo.height);
      for (let y = 0; y < out.height; y++)
        for (let x = 0; x < out.width; x++) {
          const inside = x >= layout.left && x < layout.left + photo.width && y >= layout.top && y < layout.top + photo.height;
          if (!inside) for (let k = 0; k < 3; k++) flat.data[(y * out.width + x) * 3 + k] = Math.round(mean[k]);
        }
      expect(worstLineStep(flat, layout, photo.width, photo.height)).toBeGreaterThan(SEAM_STEP_MAX);
    },
    180_000,
  ); // a few seconds alone; the subject model and the fill are slow on a loaded machine

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
    let cancelledAt = -1;
    const progress: number[] = [];
    const cancelled = new Error('cancelled by the user');
    const run = extendImage(
      input,
      { ratio: '1:1', position: { x: 0.5, y: 0.5 } },
      {
        onProgress: (f) => progress.push(f),
        checkCancelled: async () => {
          calls++;
          if (calls >= 2) {
            if (cancelledAt < 0) cancelledAt = progress.length;
            throw cancelled; // the first check passes, the first one during the fill cancels
          }
        },
      },
    );
    await expect(run).rejects.toBe(cancelled);
    // Counted, not timed: the fill asked once more and made no progress after the cancel.
    expect(calls).toBe(2);
    expect(progress.length).toBe(cancelledAt);
    expect(progress).not.toContain(1);
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
    taskId: 't1',
    params: { inputKey: 'uploads/coffee.jpg', ...params },
    storage,
    onProgress: () => undefined,
    checkCancelled: async () => undefined,
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
