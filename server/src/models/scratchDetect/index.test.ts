import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ResultCode } from '../../../../engine/spec/errors';
import { readPhoto } from '../../testing/testPhotos';
import { detectScratchMask } from './index';
import { addScratches, typicalScratches } from './syntheticScratches';

async function maskBytes(png: Buffer) {
  const { data, info } = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { mask: new Uint8Array(data), width: info.width, height: info.height, channels: (await sharp(png).metadata()).channels };
}

/** Recall over solid scratch pixels; false positives over pixels no scratch touches. */
function score(mask: Uint8Array, scratchAlpha: Uint8Array) {
  let ink = 0;
  let hit = 0;
  let bg = 0;
  let fp = 0;
  for (let i = 0; i < mask.length; i++) {
    if (scratchAlpha[i] > 128) {
      ink++;
      if (mask[i] > 127) hit++;
    } else if (scratchAlpha[i] === 0) {
      bg++;
      if (mask[i] > 127) fp++;
    }
  }
  return { recall: ink ? hit / ink : 0, fpRate: fp / bg };
}

describe('detectScratchMask (suggestion, opencv-js morphology)', () => {
  // Measured when written: recall 0.97 / 0.85 / 0.78, false positives 1.4 % / 3.5 % / 2.8 % of the clean pixels.
  const bounds = { chelsea: 0.9, astronaut: 0.75, coffee: 0.7 } as const;
  for (const name of ['chelsea', 'astronaut', 'coffee'] as const) {
    it(`finds most of four synthetic scratches on ${name} and flags under 5 % of the rest`, async () => {
      const photo = await readPhoto(name);
      const { width, height } = await sharp(photo).metadata();
      const sc = await addScratches(photo, typicalScratches(width, height));
      const { mask, boxes } = await detectScratchMask(sc.scratched);
      const px = await maskBytes(mask);
      expect([px.width, px.height, px.channels]).toEqual([width, height, 1]);
      const s = score(px.mask, sc.scratchAlpha);
      console.log(
        `scratches on ${name}: recall ${s.recall.toFixed(3)}, false positives ${(100 * s.fpRate).toFixed(2)} % of clean pixels, ${boxes.length} boxes`,
      );
      expect(s.recall).toBeGreaterThan(bounds[name]);
      expect(s.fpRate).toBeLessThan(0.05);
      expect(boxes.length).toBeGreaterThan(0);
    });
  }

  it('misses a faint scratch (documented limit: low contrast is not suggested)', async () => {
    const photo = await readPhoto('chelsea');
    const sc = await addScratches(photo, [{ from: [60, 20], via: [90, 150], to: [70, 280], width: 2, colour: '#ffffff', opacity: 0.12 }]);
    const s = score((await maskBytes((await detectScratchMask(sc.scratched)).mask)).mask, sc.scratchAlpha);
    expect(s.recall).toBeLessThan(0.3);
  });

  it('flags real thin structures on an unscratched photo, but only a few percent of it', async () => {
    const { mask } = await detectScratchMask(await readPhoto('coffee'));
    const px = await maskBytes(mask);
    const flagged = px.mask.filter((v) => v > 127).length / px.mask.length;
    console.log(`unscratched coffee: ${(100 * flagged).toFixed(2)} % flagged (cup rim, spoon, saucer edge)`);
    expect(flagged).toBeGreaterThan(0); // the known failure: a cup rim looks like a scratch
    expect(flagged).toBeLessThan(0.05);
  });

  it('gives an empty mask for a smooth gradient', async () => {
    const grad = Buffer.alloc(300 * 200 * 3);
    for (let y = 0; y < 200; y++) for (let x = 0; x < 300; x++) grad.fill(Math.round((x / 300) * 200 + 20), (y * 300 + x) * 3, (y * 300 + x) * 3 + 3);
    const png = await sharp(grad, { raw: { width: 300, height: 200, channels: 3 } })
      .png()
      .toBuffer();
    const { mask, boxes } = await detectScratchMask(png);
    expect(boxes).toEqual([]);
    expect((await maskBytes(mask)).mask.some((v) => v > 0)).toBe(false);
  });

  it('rejects bytes that are not an image with PARAMS_INVALID', async () => {
    await expect(detectScratchMask(Buffer.from('nope'))).rejects.toMatchObject({ code: ResultCode.PARAMS_INVALID });
  });
});
