/**
 * Re-running the changer with other options sends the same photo again; the cut-out (IS-Net, ~2 s per
 * megapixel) is the expensive part, so the last few are kept in memory by content hash and reused.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { removeBackground, type ProgressFn } from '../models/removeBackground';
import type { RawImage } from './render';

/** Memory the cache may hold (RGBA at 4 bytes per pixel: ~30 one-megapixel cut-outs). */
const BUDGET_BYTES = 128 * 1024 * 1024;

const entries = new Map<string, RawImage>();
let bytes = 0;

function store(key: string, image: RawImage): void {
  if (image.data.length > BUDGET_BYTES) return;
  while (bytes + image.data.length > BUDGET_BYTES && entries.size > 0) {
    const [oldest, value] = entries.entries().next().value as [string, RawImage];
    entries.delete(oldest);
    bytes -= value.data.length;
  }
  entries.set(key, image);
  bytes += image.data.length;
}

/**
 * The cut-out of `input` as RGBA (EXIF-upright, edges decontaminated), from the cache when the same bytes
 * were cut out recently. Throws like removeBackground for a file that is not an image.
 */
export async function cutoutOf(input: Buffer, onProgress: ProgressFn = () => undefined): Promise<RawImage> {
  const key = createHash('sha256').update(input).digest('hex');
  const hit = entries.get(key);
  if (hit) {
    // Most recently used goes to the back of the eviction order.
    entries.delete(key);
    entries.set(key, hit);
    onProgress(1);
    return hit;
  }
  const { png, width, height } = await removeBackground(input, onProgress);
  const data = await sharp(png).ensureAlpha().raw().toBuffer();
  const image = { data, width, height };
  store(key, image);
  return image;
}

/** Empties the cache (tests). */
export function clearCutoutCache(): void {
  entries.clear();
  bytes = 0;
}
