import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { forgedJpeg, forgeJpegSize, truncatedJpeg, truncatedPng } from '../input/imageFixtures';
import { readPhoto } from '../testing/testPhotos';
import { inspectImage } from './inspectImage';

const refusal = (input: Buffer) =>
  inspectImage(input).then(
    () => null,
    (err: { code: number; message: string }) => err,
  );

describe('inspectImage: a full decode check at upload (issue 16, finding 10)', () => {
  it('accepts whole photos and reports their upright size', async () => {
    expect(await inspectImage(await readPhoto('chelsea'))).toEqual({ contentType: 'image/jpeg', width: 451, height: 300 });
    const png = await sharp(await readPhoto('coffee'))
      .png()
      .toBuffer();
    expect(await inspectImage(png)).toEqual({ contentType: 'image/png', width: 600, height: 400 });
  });

  it('refuses a 64×48 JPEG whose header claims 7000×7000, and one claiming twice its width', async () => {
    expect(await refusal(await forgedJpeg())).toMatchObject({ code: ResultCode.PARAMS_INVALID, message: 'the image file is damaged or incomplete' });
    const photo = await readPhoto('chelsea');
    expect(await refusal(forgeJpegSize(photo, 902, 300))).toMatchObject({ code: ResultCode.PARAMS_INVALID });
  });

  it('refuses truncated PNGs and JPEGs', async () => {
    expect(await refusal(await truncatedPng())).toMatchObject({ message: 'the image file is damaged or incomplete' });
    expect(await refusal(await truncatedJpeg())).toMatchObject({ message: 'the image file is damaged or incomplete' });
  });

  it('tolerates harmless decoder warnings (extraneous bytes before a marker, as some cameras write)', async () => {
    const photo = await readPhoto('chelsea');
    const sos = photo.indexOf(Buffer.from([0xff, 0xda]));
    const padded = Buffer.concat([photo.subarray(0, sos), Buffer.from([1, 2, 3, 4]), photo.subarray(sos)]);
    await expect(sharp(padded, { failOn: 'warning' }).raw().toBuffer()).rejects.toThrow(/extraneous/);
    expect(await inspectImage(padded)).toEqual({ contentType: 'image/jpeg', width: 451, height: 300 });
  });

  it('reads a file path as well as bytes', async () => {
    const { PHOTOS } = await import('../testing/testPhotos');
    expect(await inspectImage(PHOTOS.astronaut)).toEqual({ contentType: 'image/jpeg', width: 512, height: 512 });
  });
});
