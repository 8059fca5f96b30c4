/**
 * The grain texture both renderers use (SPEC §4/§9): `GET /img/texture/grain.png` (1024×1024 greyscale),
 * decoded once to one byte per texel. GL and CPU read the SAME bytes, so grain looks identical on either
 * path. When the download fails, engine/effects/grain.ts's deterministic texture stands in (warned).
 */
import { GRAIN_TEXTURE_SIZE, grainTexture } from '../../../../engine/effects/grain';

export const GRAIN_TEXTURE_URL = '/img/texture/grain.png';

let grain: Promise<Uint8Array> | undefined;

async function download(): Promise<Uint8Array> {
  const response = await fetch(GRAIN_TEXTURE_URL);
  if (!response.ok) throw new Error(`Grain texture fetch failed: HTTP ${response.status}`);
  // No colour-space conversion: the texel values are data, not colours.
  const bitmap = await createImageBitmap(await response.blob(), { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
  const { width, height } = bitmap;
  if (width !== height) throw new Error(`Grain texture must be square, got ${width}×${height}`);
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('A 2D canvas context could not be created for the grain texture');
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const out = new Uint8Array(width * height);
  for (let i = 0; i < out.length; i++) out[i] = rgba[i * 4];
  return out;
}

/** The grain texel bytes (square, row 0 = top), downloaded once per page. Never rejects. */
export function loadGrainTexture(): Promise<Uint8Array> {
  grain ??= download().catch((error: unknown) => {
    console.error(`${(error as Error).message}; using the built-in grain texture`);
    return grainTexture(GRAIN_TEXTURE_SIZE);
  });
  return grain;
}
