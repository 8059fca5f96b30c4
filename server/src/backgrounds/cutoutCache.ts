/**
 * The cut-out (IS-Net, ~2 s per megapixel) is the expensive part of the background remover, changer, blur
 * and ID photo; the same photo comes back often (a changer re-run with other options, the same picture sent
 * again by an API client or re-uploaded after a download). The last few cut-outs are kept in memory by the
 * photo's content hash and reused: same bytes in, same cut-out out, at once. The model's result does not
 * depend on anything but the bytes (removeBackground's defaults), so a hit is the result a run would give.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { removeBackground, type ProgressFn } from '../models/removeBackground';
import type { RawImage } from './render';

/** Memory the cache may hold: PNGs (~1-2 MB per megapixel) and the RGBA of those the changer decoded. */
const BUDGET_BYTES = 128 * 1024 * 1024;

interface Entry {
  png: Buffer;
  width: number;
  height: number;
  /** The PNG decoded to RGBA, once a caller needed it. */
  raw: RawImage | null;
}

const entries = new Map<string, Entry>();
let bytes = 0;
const sizeOf = (e: Entry) => e.png.length + (e.raw?.data.length ?? 0);

function store(key: string, entry: Entry): void {
  const size = sizeOf(entry);
  if (size > BUDGET_BYTES) return;
  const old = entries.get(key);
  if (old) {
    entries.delete(key);
    bytes -= sizeOf(old);
  }
  while (bytes + size > BUDGET_BYTES && entries.size > 0) {
    const [oldest, value] = entries.entries().next().value as [string, Entry];
    entries.delete(oldest);
    bytes -= sizeOf(value);
  }
  entries.set(key, entry);
  bytes += size;
}

const keyOf = (input: Buffer) => createHash('sha256').update(input).digest('hex');

/** The cached entry of `key`, moved to the back of the eviction order. */
function hit(key: string): Entry | undefined {
  const entry = entries.get(key);
  if (entry) {
    entries.delete(key);
    entries.set(key, entry);
  }
  return entry;
}

async function cutoutEntry(key: string, input: Buffer, onProgress: ProgressFn): Promise<Entry> {
  const cached = hit(key);
  if (cached) {
    onProgress(1);
    return cached;
  }
  const { png, width, height } = await removeBackground(input, onProgress);
  const entry: Entry = { png, width, height, raw: null };
  store(key, entry);
  return entry;
}

/**
 * The cut-out of `input` as a PNG with alpha (EXIF-upright, edges decontaminated, full size), from the cache
 * when the same bytes were cut out recently. Throws like removeBackground for a file that is not an image.
 */
export async function cutoutPngOf(input: Buffer, onProgress: ProgressFn = () => undefined): Promise<{ png: Buffer; width: number; height: number }> {
  const { png, width, height } = await cutoutEntry(keyOf(input), input, onProgress);
  return { png, width, height };
}

/** The cut-out of `input` as RGBA, as cutoutPngOf finds it (decoded once, then kept beside the PNG). */
export async function cutoutOf(input: Buffer, onProgress: ProgressFn = () => undefined): Promise<RawImage> {
  const key = keyOf(input);
  const entry = await cutoutEntry(key, input, onProgress);
  if (entry.raw) return entry.raw;
  const data = await sharp(entry.png).ensureAlpha().raw().toBuffer();
  const raw = { data, width: entry.width, height: entry.height };
  if (entries.get(key) === entry) store(key, { ...entry, raw });
  return raw;
}

/** Empties the cache (tests). */
export function clearCutoutCache(): void {
  entries.clear();
  bytes = 0;
}
