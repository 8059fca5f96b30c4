/**
 * Helpers for the inpainting tests and the eraser and text-removal benches: real photo crops, synthetic holes, PSNR,
 * the text band measure, and a processor context over local-disk storage in a temp folder.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { LocalDiskStorage } from '../../storage/localDiskStorage';
import type { ProcessorContext } from '../../tasks/processor';
import { distanceInside } from './smooth';

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A region of a photo as an RGB PNG. */
export async function cropPng(photo: Buffer, rect: Rect): Promise<Buffer> {
  return sharp(photo).extract({ left: rect.x, top: rect.y, width: rect.w, height: rect.h }).removeAlpha().png().toBuffer();
}

/** A black PNG mask of `width`×`height` with white rectangles (the holes). */
export async function holeMask(width: number, height: number, holes: Rect[]): Promise<Buffer> {
  const data = Buffer.alloc(width * height);
  for (const h of holes) for (let y = h.y; y < h.y + h.h; y++) data.fill(255, y * width + h.x, y * width + h.x + h.w);
  return sharp(data, { raw: { width, height, channels: 1 } })
    .toColourspace('b-w')
    .png()
    .toBuffer();
}

/** RGB pixels of an image. */
export async function rgbOf(png: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** PSNR (dB) between two images of the same size over `rect` (the whole image when omitted). */
export async function psnr(a: Buffer, b: Buffer, rect?: Rect): Promise<number> {
  const A = await rgbOf(a);
  const B = await rgbOf(b);
  if (A.width !== B.width || A.height !== B.height) throw new Error('psnr: sizes differ');
  const r = rect ?? { x: 0, y: 0, w: A.width, h: A.height };
  let se = 0;
  for (let y = r.y; y < r.y + r.h; y++) {
    for (let x = r.x; x < r.x + r.w; x++) {
      for (let k = 0; k < 3; k++) {
        const d = A.data[(y * A.width + x) * 3 + k] - B.data[(y * B.width + x) * 3 + k];
        se += d * d;
      }
    }
  }
  const mse = se / (r.w * r.h * 3);
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}

/** The hole painted a flat grey: the "did nothing useful" baseline a fill must beat. */
export async function greyFilled(png: Buffer, holes: Rect[]): Promise<Buffer> {
  const { data, width, height } = await rgbOf(png);
  for (const h of holes) for (let y = h.y; y < h.y + h.h; y++) data.fill(128, (y * width + h.x) * 3, (y * width + h.x + h.w) * 3);
  return sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

export interface TestContext {
  ctx: ProcessorContext;
  storage: LocalDiskStorage;
  progress: number[];
  /** Stores a file and returns the URL a client would pass, e.g. `http://host/files/uploads/…`. */
  upload(name: string, body: Buffer): Promise<string>;
  /** Makes the next checkCancelled() throw, as when the user cancels the task. */
  cancel(): void;
  cleanup(): Promise<void>;
}

/** A processor context over a temp-folder storage, with `image` stored as the task input. */
export async function makeTestContext(image: Buffer, params: Record<string, unknown> = {}): Promise<TestContext> {
  const root = await mkdtemp(path.join(tmpdir(), 'lumacut-inpaint-test-'));
  const storage = new LocalDiskStorage(root);
  await storage.put('uploads/web/input.png', image);
  const progress: number[] = [];
  let cancelled = false;
  const ctx: ProcessorContext = {
    taskId: 'test-task',
    params: { inputKey: 'uploads/web/input.png', ...params },
    storage,
    onProgress: (f) => progress.push(f),
    checkCancelled: async () => {
      if (cancelled) throw new Error('cancelled');
    },
  };
  return {
    ctx,
    storage,
    progress,
    async upload(name, body) {
      const key = `uploads/web/${name}`;
      await storage.put(key, body);
      return `http://localhost/files/${key}`;
    },
    cancel: () => {
      cancelled = true;
    },
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}

/** How far from the mask's border, on both sides, the text-removal band measure looks. */
export const TEXT_BAND_PX = 6;

/**
 * The text-removal seam measure (bench/tools and the watermark processor's test): the error of `result` against
 * the clean photo over the pixels within {@link TEXT_BAND_PX} of the mask's border (white = text), on both sides,
 * where a smudged band or a left-over halo shows. `abs`: mean absolute error (0..255, over R, G, B); `signed`:
 * mean signed error (a lighter or darker band).
 */
export async function textBandError(result: Buffer, clean: Buffer, mask: Buffer): Promise<{ abs: number; signed: number }> {
  const { data: m, info } = await sharp(mask).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  const hole = Uint8Array.from(m, (v) => (v > 127 ? 1 : 0));
  const inside = distanceInside(hole, info.width, info.height);
  const outside = distanceInside(
    Uint8Array.from(hole, (v) => 1 - v),
    info.width,
    info.height,
  );
  const a = await sharp(result).removeAlpha().raw().toBuffer();
  const b = await sharp(clean).removeAlpha().raw().toBuffer();
  let abs = 0;
  let signed = 0;
  let n = 0;
  for (let i = 0; i < hole.length; i++) {
    if ((hole[i] ? inside[i] : outside[i]) > TEXT_BAND_PX) continue;
    for (let k = 0; k < 3; k++) {
      abs += Math.abs(a[i * 3 + k] - b[i * 3 + k]);
      signed += a[i * 3 + k] - b[i * 3 + k];
    }
    n += 3;
  }
  return n ? { abs: abs / n, signed: signed / n } : { abs: 0, signed: 0 };
}
