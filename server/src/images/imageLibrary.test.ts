import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { configureImageLibrary } from './imageLibrary';

describe('configureImageLibrary', () => {
  it('turns off the libvips operation cache, which the server would only fill with photos it never reads again', async () => {
    sharp.cache(true);
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#f80' } })
      .png()
      .toBuffer();
    await sharp(photo).resize(32).toBuffer();
    expect(sharp.cache().items.current).toBeGreaterThan(0);
    configureImageLibrary();
    await sharp(photo).resize(16).toBuffer();
    expect(sharp.cache()).toMatchObject({ memory: { current: 0, max: 0 }, items: { current: 0, max: 0 } });
  });
});
