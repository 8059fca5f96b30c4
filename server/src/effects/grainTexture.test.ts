import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { grainTexture } from '../../../engine/effects/grain';
import { GRAIN_TEXTURE_SIZE, encodeGrainPng, grainPixels } from './grainTexture';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('grainPixels', () => {
  it('is exactly the noise the CPU fallback uses, so GPU and CPU grain agree', () => {
    const pixels = grainPixels();
    expect(pixels.length).toBe(1024 * 1024);
    expect(sha256(pixels)).toBe(sha256(grainTexture()));
  });

  it('is noise around mid-grey with the documented spread', () => {
    const pixels = grainPixels(256, 1);
    let sum = 0;
    let squares = 0;
    for (const v of pixels) {
      sum += v;
      squares += v * v;
    }
    const mean = sum / pixels.length;
    expect(mean).toBeGreaterThan(126);
    expect(mean).toBeLessThan(130);
    // The mean of two uniform draws: a triangular spread with σ = 255/√24 ≈ 52.
    expect(Math.sqrt(squares / pixels.length - mean * mean)).toBeCloseTo(255 / Math.sqrt(24), -1);
    expect(new Set(pixels).size).toBeGreaterThan(150);
  });

  it('depends on the seed and refuses a bad size', () => {
    expect(sha256(grainPixels(64, 1))).not.toBe(sha256(grainPixels(64, 2)));
    expect(sha256(grainPixels(64, 1))).toBe(sha256(grainPixels(64, 1)));
    expect(() => grainPixels(0)).toThrow('Invalid grain texture size 0');
  });
});

describe('encodeGrainPng', () => {
  it('is a 1024×1024 single-channel PNG holding exactly the grain pixels', async () => {
    const png = await encodeGrainPng();
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(['png', GRAIN_TEXTURE_SIZE, GRAIN_TEXTURE_SIZE, 1]);
    // sharp decodes greyscale as three equal channels; one of them is the stored grey.
    const decoded = await sharp(png).extractChannel(0).raw().toBuffer();
    expect(sha256(decoded)).toBe(sha256(grainPixels()));
  });

  it('gives byte-identical files within a process and in a fresh process', async () => {
    const first = await encodeGrainPng();
    const second = await encodeGrainPng();
    expect(first.equals(second)).toBe(true);
    const script = `const m = await import(${JSON.stringify(new URL('./grainTexture.ts', import.meta.url).href)});
      const png = await m.encodeGrainPng();
      process.stdout.write((await import('node:crypto')).createHash('sha256').update(png).digest('hex'));`;
    const other = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(other).toBe(sha256(first));
  });
});
