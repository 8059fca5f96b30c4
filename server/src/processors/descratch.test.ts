import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { makeTestContext, psnr, type TestContext } from '../models/inpaint/inpaint.testkit';
import { addScratches, typicalScratches } from '../models/scratchDetect/syntheticScratches';
import { readPhoto } from '../testing/testPhotos';
import { descratchProcessor, NO_SCRATCHES_FOUND } from './descratch';

let open: TestContext | null = null;
afterEach(async () => {
  await open?.cleanup();
  open = null;
});

async function scratchedChelsea() {
  const photo = await readPhoto('chelsea'); // 451 × 300
  return addScratches(photo, typicalScratches(451, 300));
}

describe('descratchProcessor (Telea)', () => {
  // Measured when written: 27.7 dB scratched → 33.9 dB with the suggested mask, 46.8 dB with an exact mask.
  it('removes synthetic scratches with the suggested mask when none is given', async () => {
    const sc = await scratchedChelsea();
    open = await makeTestContext(sc.scratched);
    const out = await descratchProcessor(open.ctx);
    const before = await psnr(sc.scratched, sc.clean);
    const after = await psnr(out.body, sc.clean);
    console.log(`descratch auto: PSNR ${before.toFixed(2)} → ${after.toFixed(2)} dB`);
    expect(out.contentType).toBe('image/png');
    expect(after).toBeGreaterThan(before + 4);
    expect(open.progress.at(-1)).toBe(1);
  });

  it("removes them almost perfectly with the user's mask", async () => {
    const sc = await scratchedChelsea();
    open = await makeTestContext(sc.scratched);
    const mask = Buffer.from(sc.scratchAlpha.map((v) => (v > 0 ? 255 : 0)));
    open.ctx.params.maskUrl = await open.upload(
      'mask.png',
      await sharp(mask, { raw: { width: 451, height: 300, channels: 1 } })
        .png()
        .toBuffer(),
    );
    const out = await descratchProcessor(open.ctx);
    const before = await psnr(sc.scratched, sc.clean);
    const after = await psnr(out.body, sc.clean);
    console.log(`descratch with mask: PSNR ${before.toFixed(2)} → ${after.toFixed(2)} dB`);
    expect(after).toBeGreaterThan(before + 12);
  });

  it("fails with PARAMS_INVALID 'no scratches found' when nothing is suggested and no mask is given", async () => {
    const grad = Buffer.alloc(300 * 200 * 3);
    for (let i = 0; i < 300 * 200; i++) grad.fill(Math.round(((i % 300) / 300) * 200 + 20), i * 3, i * 3 + 3);
    open = await makeTestContext(
      await sharp(grad, { raw: { width: 300, height: 200, channels: 3 } })
        .png()
        .toBuffer(),
    );
    await expect(descratchProcessor(open.ctx)).rejects.toMatchObject({ code: ResultCode.PARAMS_INVALID, message: NO_SCRATCHES_FOUND });
  });

  it('rejects a mask of the wrong size', async () => {
    const sc = await scratchedChelsea();
    open = await makeTestContext(sc.scratched);
    const small = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    open.ctx.params.maskUrl = await open.upload('small.png', small);
    await expect(descratchProcessor(open.ctx)).rejects.toMatchObject({ code: ResultCode.PARAMS_INVALID });
  });
});
