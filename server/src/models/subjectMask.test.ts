import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readPhoto } from '../testing/testPhotos';
import { SUBJECT_WORK_MAX_PIXELS, detectSubjectMask, workingSize } from './subjectMask';

describe('subject mask at the size the step needs', () => {
  it('keeps small photos at their size and caps big ones at the working budget, same shape', () => {
    expect(workingSize(512, 512)).toEqual({ width: 512, height: 512 });
    const big = workingSize(7000, 7000);
    expect(big.width * big.height).toBeLessThanOrEqual(SUBJECT_WORK_MAX_PIXELS * 1.001);
    expect(big.width).toBe(big.height);
  });

  it('masks the subject of a 49 MP photo at its full size', async () => {
    const photo = await sharp(await readPhoto('astronaut'))
      .resize(7000, 7000)
      .jpeg({ quality: 80 })
      .toBuffer();
    const found = await detectSubjectMask(photo);
    expect([found.width, found.height]).toEqual([7000, 7000]);
    const meta = await sharp(found.png!).metadata();
    expect([meta.width, meta.height, meta.channels]).toEqual([7000, 7000, 1]);
    expect(found.coverage).toBeGreaterThan(0.2);
    expect(found.coverage).toBeLessThan(0.9);
    // The face (astronaut.jpg's 180,50 80×80 at 512 px) is subject; the top left corner is not.
    const k = 7000 / 512;
    const mean = async (left: number, top: number) => {
      const px = await sharp(found.png!).extract({ left, top, width: 1000, height: 1000 }).raw().toBuffer();
      return px.reduce((a, v) => a + v, 0) / px.length;
    };
    expect(await mean(Math.round(180 * k), Math.round(50 * k))).toBeGreaterThan(240);
    expect(await mean(0, 0)).toBeLessThan(15);
  }, 120_000);
});
