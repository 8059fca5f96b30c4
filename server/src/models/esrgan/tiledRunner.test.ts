import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHOTOS } from '../../testing/testPhotos';
import { runTiled } from './tiledRunner';

/** A 96×96 piece of the astronaut photo (face), raw RGB. */
let crop: Buffer;
beforeAll(async () => {
  crop = await sharp(PHOTOS.astronaut).extract({ left: 180, top: 40, width: 96, height: 96 }).raw().toBuffer();
});

const diff = (a: Buffer, b: Buffer) => {
  let max = 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i] - b[i]);
    max = Math.max(max, d);
    sum += d;
  }
  return { max, mean: sum / a.length };
};

describe('runTiled (Real-ESRGAN x4fast)', () => {
  it('is seamless: 9 tiles of 32 px give the same picture as one tile', async () => {
    const opts = { model: 'realesrgan-x4fast', outScale: 4, blend: 1 } as const;
    const whole = await runTiled(crop, 96, 96, { ...opts, tileSize: 96 });
    const tiled = await runTiled(crop, 96, 96, { ...opts, tileSize: 32 });
    expect(tiled.length).toBe(384 * 384 * 3);
    const { max, mean } = diff(whole, tiled);
    expect(mean).toBeLessThan(0.5); // measured 0.1–0.2
    expect(max).toBeLessThan(16); // a few pixels on the sharpest edges; invisible
  });

  it('reports progress per tile and stops between tiles when cancelled', async () => {
    const done: number[] = [];
    let checks = 0;
    const run = runTiled(crop, 96, 96, {
      model: 'realesrgan-x4fast',
      outScale: 1,
      blend: 1,
      tileSize: 48,
      onTile: (n, total) => done.push(n / total),
      checkCancelled: async () => {
        if (++checks === 3) throw new Error('cancelled');
      },
    });
    await expect(run).rejects.toThrow('cancelled');
    expect(done).toEqual([0.25, 0.5]);
  });

  it('blend 0 at the same size returns the input unchanged', async () => {
    const out = await runTiled(crop, 96, 96, { model: 'realesrgan-x4fast', outScale: 1, blend: 0, tileSize: 48 });
    expect(diff(out, crop).max).toBe(0);
  });
});
