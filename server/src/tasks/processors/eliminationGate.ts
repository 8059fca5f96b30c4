/**
 * The eraser's held-out gate (tests/assets/erase-gate, built by bench/erase/buildGateSet.ts; test
 * eliminationGate.test.ts): the three fills a large hole is judged against, and the PSNR inside
 * the hole against the clean plate.
 */
import sharp from 'sharp';
import { makeTestContext } from '../../models/inpaint/testSupport';
import { eliminationProcessor } from './elimination';

async function rgb(image: Buffer): Promise<Buffer> {
  return sharp(image).removeAlpha().raw().toBuffer();
}

async function holeOf(maskPng: Buffer): Promise<Uint8Array> {
  const m = await sharp(maskPng).extractChannel(0).raw().toBuffer();
  return Uint8Array.from(m, (v) => (v > 127 ? 1 : 0));
}

/** The eraser task on `photo` with `maskPng`, at its default quality or 'fast'; the result's pixels (RGB). */
async function eraser(photo: Buffer, maskPng: Buffer, quality?: 'fast'): Promise<Buffer> {
  const t = await makeTestContext(photo);
  try {
    t.ctx.params.maskUrl = await t.upload('mask.png', maskPng);
    if (quality) t.ctx.params.quality = quality;
    return rgb((await eliminationProcessor(t.ctx)).body);
  } finally {
    await t.cleanup();
  }
}

/** The hole painted the mean colour of the 3 px ring of known pixels around it: the plain guess a fill must beat. */
async function meanFilled(photo: Buffer, maskPng: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(photo).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const hole = await holeOf(maskPng);
  const w = info.width, h = info.height;
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (hole[i]) continue;
      let near = false;
      for (let dy = -3; dy <= 3 && !near; dy++) for (let dx = -3; dx <= 3 && !near; dx++) {
        const yy = y + dy, xx = x + dx;
        if (yy >= 0 && yy < h && xx >= 0 && xx < w && hole[yy * w + xx]) near = true;
      }
      if (!near) continue;
      for (let k = 0; k < 3; k++) sum[k] += data[i * 3 + k];
      n++;
    }
  }
  for (let i = 0; i < hole.length; i++) if (hole[i]) for (let k = 0; k < 3; k++) data[i * 3 + k] = Math.round(sum[k] / Math.max(1, n));
  return data;
}

/** The mean-colour fill, the eraser's 'fast' fill (Telea) and its default fill of one composite, as RGB pixels. */
export async function gateFills(photo: Buffer, maskPng: Buffer): Promise<{ mean: Buffer; fast: Buffer; best: Buffer }> {
  return { mean: await meanFilled(photo, maskPng), fast: await eraser(photo, maskPng, 'fast'), best: await eraser(photo, maskPng) };
}

/** PSNR (dB) of `filled` (RGB pixels) against the clean plate, over the mask's hole only. */
export async function psnrInHole(filled: Buffer, plate: Buffer, maskPng: Buffer): Promise<number> {
  const truth = await rgb(plate);
  const hole = await holeOf(maskPng);
  let se = 0, n = 0;
  for (let i = 0; i < hole.length; i++) {
    if (!hole[i]) continue;
    for (let k = 0; k < 3; k++) {
      const d = filled[i * 3 + k] - truth[i * 3 + k];
      se += d * d;
      n++;
    }
  }
  return 10 * Math.log10((255 * 255) / Math.max(1e-9, se / Math.max(1, n)));
}
