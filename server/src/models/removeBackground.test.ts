import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { meanInRect, readPhoto } from '../testing/testPhotos';
import { removeBackground } from './removeBackground';

/** Reads the alpha channel of a PNG the way a user's image viewer would. */
async function alphaOf(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().extractChannel(3).raw().toBuffer({ resolveWithObject: true });
  return { alpha: new Uint8Array(data), width: info.width, height: info.height, format: (await sharp(png).metadata()).format };
}

describe('removeBackground (real IS-Net model)', () => {
  it('keeps the astronaut and clears the studio background, at full resolution', async () => {
    const { png } = await removeBackground(await readPhoto('astronaut'));
    const { alpha, width, height, format } = await alphaOf(png);
    expect(format).toBe('png');
    expect([width, height]).toEqual([512, 512]);
    expect(meanInRect(alpha, width, { x: 180, y: 50, w: 80, h: 80 })).toBeGreaterThan(240); // face
    expect(meanInRect(alpha, width, { x: 100, y: 330, w: 150, h: 150 })).toBeGreaterThan(240); // suit
    expect(meanInRect(alpha, width, { x: 0, y: 0, w: 80, h: 80 })).toBeLessThan(5); // background, top left
    expect(meanInRect(alpha, width, { x: 440, y: 0, w: 70, h: 120 })).toBeLessThan(5); // background, top right
  });

  it('cuts out a coffee cup from the table', async () => {
    const { png } = await removeBackground(await readPhoto('coffee'));
    const { alpha, width } = await alphaOf(png);
    expect(meanInRect(alpha, width, { x: 230, y: 100, w: 120, h: 80 })).toBeGreaterThan(240); // the cup
    expect(meanInRect(alpha, width, { x: 0, y: 0, w: 60, h: 60 })).toBeLessThan(5); // table corner
  });

  it('respects EXIF orientation', async () => {
    const upright = await readPhoto('chelsea'); // 451 × 300
    // Store the pixels turned a quarter, with orientation 6 ("rotate 90° to display").
    const tagged = await sharp(upright).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect((await sharp(tagged).metadata()).width).toBe(300);
    const { width, height } = await removeBackground(tagged);
    expect([width, height]).toEqual([451, 300]);
  });

  it('rejects a file that is not an image', async () => {
    await expect(removeBackground(Buffer.from('definitely not a jpeg'))).rejects.toThrow();
  });
});
