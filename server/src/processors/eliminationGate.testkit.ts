/**
 * The eraser's held-out gate (tests/assets/erase-gate, built by bench/erase/buildGateSet.ts; test
 * eliminationGate.test.ts): the three fills a large hole is judged against, and the PSNR inside
 * the hole against the clean plate.
 */
import sharp from 'sharp';
import { makeTestContext } from '../models/inpaint/inpaint.testkit';
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

/** `map` (1 = set, w×h) grown by a disc of radius `r` px. */
export function grown(map: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const out = new Uint8Array(map.length);
  const offsets: Array<[number, number]> = [];
  for (let dy = -r; dy <= r; dy++) for (let dx = -r; dx <= r; dx++) if (dx * dx + dy * dy <= r * r) offsets.push([dx, dy]);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!map[y * w + x]) continue;
      for (const [dx, dy] of offsets) {
        const xx = x + dx,
          yy = y + dy;
        if (xx >= 0 && yy >= 0 && xx < w && yy < h) out[yy * w + xx] = 1;
      }
    }
  }
  return out;
}

/**
 * The hole (1 = hole) of `rgb` (w×h, 3 channels) painted the mean colour of the 3 px ring of known pixels around it:
 * the plain guess a fill must beat. Returns new pixels (bench/erase/objects.ts's "mean" fill too).
 */
export function ringMeanFill(rgb: Buffer, hole: Uint8Array, w: number, h: number): Buffer {
  const ring = grown(hole, w, h, 3);
  const sum = [0, 0, 0];
  let n = 0;
  for (let i = 0; i < ring.length; i++) {
    if (!ring[i] || hole[i]) continue;
    for (let k = 0; k < 3; k++) sum[k] += rgb[i * 3 + k];
    n++;
  }
  const data = Buffer.from(rgb);
  for (let i = 0; i < hole.length; i++) if (hole[i]) for (let k = 0; k < 3; k++) data[i * 3 + k] = Math.round(sum[k] / Math.max(1, n));
  return data;
}

/** PSNR (dB) of RGB pixels `a` against `b` over the pixels `map` marks (Infinity when it marks none). */
export function psnrOver(a: Buffer, b: Buffer, map: Uint8Array): number {
  let se = 0,
    n = 0;
  for (let i = 0; i < map.length; i++) {
    if (!map[i]) continue;
    for (let k = 0; k < 3; k++) {
      const d = a[i * 3 + k] - b[i * 3 + k];
      se += d * d;
      n++;
    }
  }
  return n ? 10 * Math.log10((255 * 255) / Math.max(1e-9, se / n)) : Infinity;
}

/** The mean-colour fill, the eraser's 'fast' fill (Telea) and its default fill of one composite, as RGB pixels. */
export async function gateFills(photo: Buffer, maskPng: Buffer): Promise<{ mean: Buffer; fast: Buffer; best: Buffer }> {
  const { data, info } = await sharp(photo).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const mean = ringMeanFill(data, await holeOf(maskPng), info.width, info.height);
  return { mean, fast: await eraser(photo, maskPng, 'fast'), best: await eraser(photo, maskPng) };
}

/** PSNR (dB) of `filled` (RGB pixels) against the clean plate, over the mask's hole only. */
export async function psnrInHole(filled: Buffer, plate: Buffer, maskPng: Buffer): Promise<number> {
  return psnrOver(filled, await rgb(plate), await holeOf(maskPng));
}
