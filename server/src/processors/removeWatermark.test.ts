import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { makeTestContext, psnr, textBandError as bandError, type TestContext } from '../models/inpaint/inpaint.testkit';
import { detectTextMask } from '../models/textDetect';
import { addTextWatermark, type WatermarkLine } from '../models/textDetect/syntheticWatermark';
import { readPhoto } from '../testing/testPhotos';
import { NO_TEXT_FOUND, removeWatermarkProcessor } from './removeWatermark';

const LINES: WatermarkLine[] = [
  { text: 'SAMPLE PREVIEW', x: 30, y: 90, size: 40, bold: true, opacity: 0.6 },
  { text: 'www.stockphoto.example', x: 250, y: 288, size: 15, fill: '#202020' },
];

let open: TestContext | null = null;
afterEach(async () => {
  await open?.cleanup();
  open = null;
});

async function run(image: Buffer, params: Record<string, unknown> = {}) {
  open = await makeTestContext(image, params);
  return { out: await removeWatermarkProcessor(open.ctx), t: open };
}

/** Share of pixels of a rectangle that differ between two images (any channel by more than 2). */
async function changedShare(a: Buffer, b: Buffer, r: { x: number; y: number; w: number; h: number }) {
  const A = await sharp(a).removeAlpha().raw().toBuffer();
  const B = await sharp(b).removeAlpha().raw().toBuffer();
  const width = (await sharp(a).metadata()).width;
  let changed = 0;
  for (let y = r.y; y < r.y + r.h; y++)
    for (let x = r.x; x < r.x + r.w; x++) {
      const i = (y * width + x) * 3;
      if (Math.abs(A[i] - B[i]) > 2 || Math.abs(A[i + 1] - B[i + 1]) > 2 || Math.abs(A[i + 2] - B[i + 2]) > 2) changed++;
    }
  return changed / (r.w * r.h);
}

describe('removeWatermarkProcessor (real detector and fills, chelsea 451×300)', () => {
  // White letters with a dark outline: the caption that left a smudged band where the outline was (issue 15).
  it('leaves no smudge band: around the detected text the default fill is closer to the clean photo than Telea', async () => {
    const outlined: WatermarkLine[] = [{ text: '© PHOTOSTOCK', x: 30, y: 210, size: 40, bold: true, opacity: 0.85, stroke: '#101010', strokeWidth: 2 }];
    const wm = await addTextWatermark(await readPhoto('chelsea'), outlined);
    const { mask } = await detectTextMask(wm.marked);
    const fast = (await run(wm.marked, { quality: 'fast' })).out.body as Buffer;
    await open?.cleanup();
    const best = (await run(wm.marked)).out.body as Buffer;
    const marked = await bandError(wm.marked, wm.clean, mask);
    const teleaBand = await bandError(fast, wm.clean, mask);
    const bestBand = await bandError(best, wm.clean, mask);
    console.log(
      `removeWatermark band (6 px each side of the mask): marked ${marked.abs.toFixed(2)}, Telea ${teleaBand.abs.toFixed(2)} ` +
        `(signed ${teleaBand.signed.toFixed(2)}), default ${bestBand.abs.toFixed(2)} (signed ${bestBand.signed.toFixed(2)})`,
    );
    expect(bestBand.abs).toBeLessThan(marked.abs);
    // Measured when written: marked 6.93, Telea 5.35, default 5.15; 5.32 with Telea alone as the smooth base (the
    // default before), which this bound (2 % under Telea) fails.
    expect(bestBand.abs).toBeLessThan(teleaBand.abs * 0.98);
    // No lighter or darker band where the white letters and their outline were.
    expect(Math.abs(bestBand.signed)).toBeLessThan(2);
  });

  // Measured when written: 22.9 dB with the text → 28.6 dB Telea, 26.9–27.3 dB G'MIC (PSNR favours
  // Telea's smooth smear over G'MIC's plausible but not identical texture). Bounds: +3 dB Telea,
  // +2.5 dB G'MIC (its PatchMatch is randomised, so its score moves by a few tenths between runs).
  it("finds the text itself and removes it with Telea ('fast')", async () => {
    const wm = await addTextWatermark(await readPhoto('chelsea'), LINES);
    const before = await psnr(wm.marked, wm.clean);
    const { out, t } = await run(wm.marked, { quality: 'fast' });
    expect(out.contentType).toBe('image/png');
    const after = await psnr(out.body, wm.clean);
    console.log(`removeWatermark fast: PSNR ${before.toFixed(2)} → ${after.toFixed(2)} dB`);
    expect(after).toBeGreaterThan(before + 3);
    expect(t.progress.at(-1)).toBe(1);
    // Far from the text the photo is untouched.
    expect(await changedShare(out.body, wm.clean, { x: 0, y: 150, w: 200, h: 100 })).toBe(0);
  });

  it("removes it with the best fill by default ('best')", async () => {
    const wm = await addTextWatermark(await readPhoto('chelsea'), LINES);
    const before = await psnr(wm.marked, wm.clean);
    const { out } = await run(wm.marked);
    const after = await psnr(out.body, wm.clean);
    console.log(`removeWatermark best: PSNR ${before.toFixed(2)} → ${after.toFixed(2)} dB`);
    expect(after).toBeGreaterThan(before + 2.5);
  });

  it('fills only what the user painted when a mask is given', async () => {
    const wm = await addTextWatermark(await readPhoto('chelsea'), LINES);
    const mask = Buffer.alloc(451 * 300);
    for (let y = 50; y < 105; y++) mask.fill(255, y * 451 + 20, y * 451 + 440); // the caption only
    const t0 = await makeTestContext(wm.marked);
    const maskUrl = await t0.upload(
      'mask.png',
      await sharp(mask, { raw: { width: 451, height: 300, channels: 1 } })
        .png()
        .toBuffer(),
    );
    t0.ctx.params.maskUrl = maskUrl;
    t0.ctx.params.quality = 'fast';
    open = t0;
    const out = await removeWatermarkProcessor(t0.ctx);
    expect(await psnr(out.body, wm.clean, { x: 20, y: 50, w: 420, h: 55 })).toBeGreaterThan(
      (await psnr(wm.marked, wm.clean, { x: 20, y: 50, w: 420, h: 55 })) + 3,
    );
    // The URL at the bottom was not painted, so it stays exactly as it was.
    expect(await changedShare(out.body, wm.marked, { x: 240, y: 270, w: 211, h: 30 })).toBe(0);
  });

  it("fails with PARAMS_INVALID 'no text found' on a photo without text and no mask", async () => {
    await expect(run(await readPhoto('astronaut'), { quality: 'fast' })).rejects.toMatchObject({ code: ResultCode.PARAMS_INVALID, message: NO_TEXT_FOUND });
  });

  it('rejects an unknown quality and a mask that is not one of our files', async () => {
    const photo = await readPhoto('chelsea');
    await expect(run(photo, { quality: 'ultra' })).rejects.toMatchObject({ code: ResultCode.PARAMS_INVALID });
    await open?.cleanup();
    await expect(run(photo, { maskUrl: 'https://example.com/mask.png' })).rejects.toMatchObject({ code: ResultCode.PARAMS_INVALID });
  });
});
