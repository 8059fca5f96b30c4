/**
 * What the photo-tool benches share: the real test photos, each scaled to about one megapixel, the median,
 * and the median wall time of repeated calls.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

export const PHOTOS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'tests', 'assets', 'photos');

/** Middle value (mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** Median wall time (ms, rounded) of `runs` calls of `work`, and the last result. */
export async function timed<T>(work: () => Promise<T>, runs: number): Promise<{ ms: number; value: T }> {
  const times: number[] = [];
  let value: T | undefined;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    value = await work();
    times.push(performance.now() - start);
  }
  return { ms: Math.round(median(times)), value: value as T };
}

/** `file` scaled (aspect kept) to about `pixels` (default 1 MP): a JPEG (quality 92), or an opaque PNG. */
export async function megapixelPhoto(
  file: string,
  format: 'jpeg' | 'png' = 'jpeg',
  pixels = 1_000_000,
): Promise<{ buf: Buffer; width: number; height: number }> {
  const meta = await sharp(file).metadata();
  const scale = Math.sqrt(pixels / ((meta.width ?? 1) * (meta.height ?? 1)));
  const width = Math.round((meta.width ?? 1) * scale);
  const height = Math.round((meta.height ?? 1) * scale);
  const resized = sharp(file).resize(width, height, { fit: 'fill', kernel: 'lanczos3' });
  const buf = format === 'png' ? await resized.removeAlpha().png().toBuffer() : await resized.jpeg({ quality: 92 }).toBuffer();
  return { buf, width, height };
}
