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

/** What makes a cut-out: removeBackground in the product, a counter in the cache's own test. */
export type CutFn = (input: Buffer, onProgress: ProgressFn) => Promise<{ png: Buffer; width: number; height: number }>;

interface Entry {
  png: Buffer;
  width: number;
  height: number;
  /** The PNG decoded to RGBA, once a caller needed it. */
  raw: RawImage | null;
}

export interface CutoutCache {
  /**
   * The cut-out of `input` as a PNG with alpha (EXIF-upright, edges decontaminated, full size), from the cache
   * when the same bytes were cut out recently. Throws like removeBackground for a file that is not an image.
   */
  png(input: Buffer, onProgress?: ProgressFn): Promise<{ png: Buffer; width: number; height: number }>;
  /** The cut-out of `input` as RGBA, as `png` finds it (decoded once, then kept beside the PNG). */
  raw(input: Buffer, onProgress?: ProgressFn): Promise<RawImage>;
  clear(): void;
}

/** A cache of `cut`'s results by the input's SHA-256, least recently used out first, within `budgetBytes`. */
export function createCutoutCache(cut: CutFn, budgetBytes = BUDGET_BYTES): CutoutCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const sizeOf = (e: Entry) => e.png.length + (e.raw?.data.length ?? 0);
  const keyOf = (input: Buffer) => createHash('sha256').update(input).digest('hex');

  function store(key: string, entry: Entry): void {
    const size = sizeOf(entry);
    if (size > budgetBytes) return;
    const old = entries.get(key);
    if (old) {
      entries.delete(key);
      bytes -= sizeOf(old);
    }
    while (bytes + size > budgetBytes && entries.size > 0) {
      const [oldest, value] = entries.entries().next().value as [string, Entry];
      entries.delete(oldest);
      bytes -= sizeOf(value);
    }
    entries.set(key, entry);
    bytes += size;
  }

  async function entryOf(key: string, input: Buffer, onProgress: ProgressFn): Promise<Entry> {
    const cached = entries.get(key);
    if (cached) {
      entries.delete(key); // most recently used goes to the back of the eviction order
      entries.set(key, cached);
      onProgress(1);
      return cached;
    }
    const { png, width, height } = await cut(input, onProgress);
    const entry: Entry = { png, width, height, raw: null };
    store(key, entry);
    return entry;
  }

  return {
    async png(input, onProgress = () => undefined) {
      const { png, width, height } = await entryOf(keyOf(input), input, onProgress);
      return { png, width, height };
    },
    async raw(input, onProgress = () => undefined) {
      const key = keyOf(input);
      const entry = await entryOf(key, input, onProgress);
      if (entry.raw) return entry.raw;
      const data = await sharp(entry.png).ensureAlpha().raw().toBuffer();
      const raw = { data, width: entry.width, height: entry.height };
      if (entries.get(key) === entry) store(key, { ...entry, raw });
      return raw;
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
  };
}

/** The process's cache of IS-Net cut-outs. */
const shared = createCutoutCache((input, onProgress) => removeBackground(input, onProgress));

/** The cut-out of `input` as a PNG with alpha, from the cache when the same bytes were cut out recently. */
export const cutoutPngOf = (input: Buffer, onProgress: ProgressFn = () => undefined) => shared.png(input, onProgress);

/** The cut-out of `input` as RGBA (EXIF-upright, edges decontaminated), from the cache when it can. */
export const cutoutOf = (input: Buffer, onProgress: ProgressFn = () => undefined): Promise<RawImage> => shared.raw(input, onProgress);

/** Empties the cache (tests). */
export function clearCutoutCache(): void {
  shared.clear();
}
