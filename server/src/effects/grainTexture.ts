import sharp from 'sharp';
import { DEFAULT_GRAIN_SEED, GRAIN_TEXTURE_SIZE as ENGINE_GRAIN_SIZE, grainTexture } from '../../../engine/effects/grain';

/** SPEC §9 "Grain texture 1024×1024"; the same seed as the CPU fallback, so GPU and CPU grain are the same noise. */
export const GRAIN_TEXTURE_SIZE = ENGINE_GRAIN_SIZE;
export const GRAIN_SEED = DEFAULT_GRAIN_SEED;

/** One channel of film grain around mid-grey (engine/effects/grain.ts); deterministic for a given size and seed. */
export function grainPixels(size = GRAIN_TEXTURE_SIZE, seed = GRAIN_SEED): Uint8Array {
  if (!Number.isInteger(size) || size < 1 || size > 4096) throw new Error(`Invalid grain texture size ${size}`);
  return grainTexture(size, seed);
}

/**
 * The grain texture as a single-channel (greyscale) PNG. WebGL expands a greyscale image to R = G = B with A = 1,
 * so the shader samples `.r`. sharp writes no timestamps or metadata, so the bytes are identical on every run
 * with the same sharp/libvips build.
 */
export function encodeGrainPng(size = GRAIN_TEXTURE_SIZE, seed = GRAIN_SEED): Promise<Buffer> {
  return (
    sharp(grainPixels(size, seed), { raw: { width: size, height: size, channels: 1 } })
      // Without this sharp widens the image to sRGB (three equal channels, a third larger).
      .toColourspace('b-w')
      .png({ compressionLevel: 9, adaptiveFiltering: false, palette: false })
      .toBuffer()
  );
}
