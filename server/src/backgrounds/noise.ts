/**
 * Noise for the background finish: feTurbulence overlays (rendered small, cached) and film grain.
 * Turbulence at full size costs ~1.5 s per megapixel in librsvg; a 256 px tile or a ≤ 320 px stretched
 * drawing costs a few tens of milliseconds and looks the same.
 */
import sharp from 'sharp';
import { seededRandom } from '../../../engine/backgrounds/random';
import { noiseSvg } from '../../../engine/backgrounds/svg';
import type { NoiseOverlay } from '../../../engine/backgrounds/types';

/** Side of a seamless tile for fine noise. */
const TILE = 256;
/** Side of the small square that large-feature noise is stretched from (features ≥ ~20 px there). */
const STRETCH_SIDE = 288;
const CACHE_MAX = 96;

const cache = new Map<string, Buffer>();

function remember(key: string, value: Buffer): Buffer {
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(key, value);
  return value;
}

/** Tiles are cached per power-of-two bucket of the short side, so nearby sizes share one tile. */
const bucket = (side: number): number => 2 ** Math.round(Math.log2(Math.max(64, Math.min(8192, side))));

/**
 * A composite input for sharp: one overlay at the image's size, raw RGBA or PNG. Fine noise is a seamless tile
 * repeated; large-feature noise is one small square (features relative to the long side), cached once per
 * overlay, scaled to cover the image and cropped.
 */
export async function overlayLayer(overlay: NoiseOverlay, width: number, height: number): Promise<sharp.OverlayOptions> {
  if (overlay.tile) {
    const short = bucket(Math.min(width, height));
    // sharp refuses a tile larger than the image, even when tiling.
    const side = Math.min(TILE, width, height);
    const key = `tile:${JSON.stringify(overlay)}:${short}:${side}`;
    const tile =
      cache.get(key) ??
      remember(
        key,
        await sharp(Buffer.from(noiseSvg(overlay, side, side, short)))
          .png()
          .toBuffer(),
      );
    return { input: tile, tile: true, blend: 'over' };
  }
  const key = `square:${JSON.stringify(overlay)}`;
  const square =
    cache.get(key) ??
    remember(
      key,
      await sharp(Buffer.from(noiseSvg(overlay, STRETCH_SIDE, STRETCH_SIDE, STRETCH_SIDE)))
        .png()
        .toBuffer(),
    );
  const long = Math.max(width, height);
  const layer = await sharp(square)
    .resize(long, long, { kernel: 'cubic' })
    .extract({ left: Math.floor((long - width) / 2), top: Math.floor((long - height) / 2), width, height })
    .raw()
    .toBuffer();
  return { input: layer, raw: { width, height, channels: 4 }, blend: 'over' };
}

/** 256×256 signed grain values in -1..1 (fixed seed: the same picture gets the same grain). */
const GRAIN = (() => {
  const rand = seededRandom(1234);
  const table = new Float32Array(256 * 256);
  // Sum of two uniforms: a softer, more film-like distribution than plain uniform noise.
  for (let i = 0; i < table.length; i++) table[i] = rand() + rand() - 1;
  return table;
})();

/** Adds monochrome grain of `amount` (0..1, a few hundredths is typical) to RGBA pixels in place. */
export function addGrain(rgba: Buffer, width: number, height: number, amount: number): void {
  if (amount <= 0) return;
  const k = amount * 255;
  for (let y = 0; y < height; y++) {
    const row = (y & 255) * 256;
    let i = y * width * 4;
    for (let x = 0; x < width; x++, i += 4) {
      const d = GRAIN[row + (x & 255)] * k;
      rgba[i] = clampByte(rgba[i] + d);
      rgba[i + 1] = clampByte(rgba[i + 1] + d);
      rgba[i + 2] = clampByte(rgba[i + 2] + d);
    }
  }
}

const clampByte = (v: number): number => (v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v));
