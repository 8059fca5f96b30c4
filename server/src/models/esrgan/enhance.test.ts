import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHOTOS } from '../../testing/testPhotos';
import { enhanceImage } from './enhance';

/** A 64×48 PNG piece of the coffee photo. */
let input: Buffer;
beforeAll(async () => {
  input = await sharp(PHOTOS.coffee).extract({ left: 250, top: 120, width: 64, height: 48 }).png().toBuffer();
});

const pixels = async (png: Buffer) => sharp(png).removeAlpha().raw().toBuffer();

describe('enhanceImage', () => {
  it('defaults to 4× at Balance strength: 80 % model, 20 % lanczos', async () => {
    const plain = await enhanceImage(input);
    expect(plain).toMatchObject({ format: 'png', width: 256, height: 192 });
    const model = await pixels((await enhanceImage(input, { strength: 'Strong' })).body);
    const lanczos = await pixels(await sharp(input).resize(256, 192, { kernel: 'lanczos3' }).png().toBuffer());
    const balance = await pixels(plain.body);
    let worst = 0;
    for (let i = 0; i < balance.length; i++) worst = Math.max(worst, Math.abs(balance[i] - (0.8 * model[i] + 0.2 * lanczos[i])));
    expect(worst).toBeLessThanOrEqual(1.5); // rounding only
  });

  it('applies EXIF orientation before enhancing', async () => {
    const tagged = await sharp(input).rotate(-90).withMetadata({ orientation: 6 }).jpeg({ quality: 95 }).toBuffer();
    const out = await enhanceImage(tagged, { scale: 2 });
    expect(out).toMatchObject({ format: 'jpeg', width: 128, height: 96 });
  });
});
