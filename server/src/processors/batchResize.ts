/**
 * The bulk resizer (task type `batchEdit`, tool `resize` of engine/spec/batch.ts): one sharp pipeline per
 * photo (decode with shrink-on-load, auto-rotate, resize, encode), so it runs at the speed of sharp itself
 * (bench/batch measures it against a bare sharp call). A file-size target re-encodes from the resized
 * pixels, lowering quality first and then the size, never decoding the photo twice.
 */
import sharp, { type Sharp } from 'sharp';
import { ResultCode } from '../../../engine/spec/errors';
import { parseResizeSettings, type ResolvedResize } from '../../../engine/batch/settings';
import { ApiError } from '../envelope';
import { readInput, type Processor, type ProcessorOutput } from '../tasks/processor';

type OutFormat = 'jpg' | 'png' | 'webp';

const CONTENT_TYPES: Record<OutFormat, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** `#RRGGBBAA` → sharp's colour object. */
function rgba(hex: string): { r: number; g: number; b: number; alpha: number } {
  const n = (i: number) => parseInt(hex.slice(i, i + 2), 16);
  return { r: n(1), g: n(3), b: n(5), alpha: hex.length >= 9 ? n(7) / 255 : 1 };
}

/** The output format: `original` keeps JPEG, PNG and WebP; anything else (GIF, TIFF, AVIF…) becomes JPEG. */
export function outputFormat(setting: ResolvedResize['format'], inputFormat: string | undefined): OutFormat {
  if (setting !== 'original') return setting;
  if (inputFormat === 'png') return 'png';
  if (inputFormat === 'webp') return 'webp';
  return 'jpg';
}

/** Width and height sharp should produce for `s` from a photo of `w` × `h` (after auto-rotation). */
export function targetResize(s: ResolvedResize, w: number, h: number): sharp.ResizeOptions {
  const background = rgba(s.background);
  switch (s.mode) {
    case 'percentage':
      return { width: Math.max(1, Math.round((w * s.percent!) / 100)), height: Math.max(1, Math.round((h * s.percent!) / 100)), fit: 'fill' };
    case 'longestSide':
      return { width: s.longestSide!, height: s.longestSide!, fit: 'inside', withoutEnlargement: s.noUpscale };
    case 'exact':
    case 'preset':
      if (s.keepAspect) {
        return { width: s.width ?? undefined, height: s.height ?? undefined, fit: 'inside', withoutEnlargement: s.noUpscale };
      }
      // Exact output size: noUpscale does not apply (the size is what was asked for).
      return {
        width: s.width!,
        height: s.height!,
        background,
        fit: s.fit === 'fit' ? 'contain' : s.fit === 'fill' ? 'fill' : 'cover',
        position: 'centre',
      };
  }
}

function encode(image: Sharp, format: OutFormat, quality: number, palette = false): Sharp {
  switch (format) {
    case 'jpg':
      return image.jpeg({ quality, mozjpeg: false });
    case 'webp':
      return image.webp({ quality });
    case 'png':
      // Adaptive filtering: a photo kept as PNG ("same as the original" of a PNG) is ~2.5× smaller (a 451 × 300 photo
      // fitted to 2048²: 4.31 → 1.71 MB) for ~35 % more encoding CPU (403 → 539 ms); without it PNGs ballooned (issue 29).
      return palette ? image.png({ palette: true, quality, compressionLevel: 9 }) : image.png({ compressionLevel: 6, adaptiveFiltering: true });
  }
}

/**
 * Lowers quality (binary search, down to 30), then the pixel size (steps sized from the overshoot), until
 * the file is at most `maxBytes`. PNG is quantised to a palette first. Fails with POST_PROCESS_FAILED when
 * even a 16 px image does not fit.
 */
async function fitFileSize(
  raw: { data: Buffer; info: sharp.OutputInfo },
  format: OutFormat,
  quality: number,
  maxBytes: number,
  background: string,
): Promise<Buffer> {
  const { width, height, channels } = raw.info;
  let scale = 1;
  let smallest = Infinity;
  for (let round = 0; round < 12; round++) {
    const w = Math.max(1, Math.round(width * scale));
    const h = Math.max(1, Math.round(height * scale));
    const base = () => {
      let img = sharp(raw.data, { raw: { width, height, channels } });
      if (scale < 1) img = img.resize(w, h, { fit: 'fill' });
      if (format === 'jpg' && channels === 4) img = img.flatten({ background: rgba(background) });
      return img;
    };
    let best: Buffer | null = null;
    let lo = 30;
    let hi = quality - 1;
    const first = await encode(base(), format, quality, true).toBuffer();
    if (first.length <= maxBytes) return first;
    smallest = Math.min(smallest, first.length);
    if (format !== 'png') {
      while (lo <= hi) {
        const mid = Math.floor((lo + hi) / 2);
        const out = await encode(base(), format, mid, true).toBuffer();
        smallest = Math.min(smallest, out.length);
        if (out.length <= maxBytes) {
          best = out;
          lo = mid + 1;
        } else hi = mid - 1;
      }
      if (best) return best;
    }
    if (Math.min(w, h) <= 16) break;
    // File size grows about with the pixel count: shrink by the square root of the overshoot, and a bit more.
    scale *= Math.min(0.9, Math.sqrt(maxBytes / smallest) * 0.95);
  }
  throw new ApiError(
    ResultCode.POST_PROCESS_FAILED,
    `the file-size target of ${Math.round(maxBytes / 1024)} KB cannot be reached (smallest: ${Math.round(smallest / 1024)} KB)`,
  );
}

/** sharp's name of the format an upload was stored as (its key's extension, from the upload's check). */
export function formatOfKey(key: string): string | undefined {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return ({ jpg: 'jpeg', jpeg: 'jpeg', png: 'png', webp: 'webp' } as Record<string, string>)[ext];
}

/**
 * Resizes one photo (its bytes, or its path on this machine) per the checked settings. `inputFormat`
 * (sharp's name, when the caller knows it) spares reading the header first: only a percentage needs the
 * photo's size, and only `original` its format; a header read is one more trip through the thread pool.
 */
export async function resizePhoto(
  input: Buffer | string,
  s: ResolvedResize,
  inputFormat?: string,
): Promise<ProcessorOutput & { width: number; height: number }> {
  let w = 0;
  let h = 0;
  let format: string | undefined = inputFormat;
  if (s.mode === 'percentage' || (s.format === 'original' && !inputFormat)) {
    const meta = await sharp(input).metadata();
    if (!meta.width || !meta.height) throw new ApiError(ResultCode.PRE_PROCESS_FAILED, 'the photo has no size');
    const rotated = (meta.orientation ?? 1) >= 5;
    w = rotated ? meta.height : meta.width;
    h = rotated ? meta.width : meta.height;
    format = meta.format;
  }
  const out = outputFormat(s.format, format);
  let image = sharp(input)
    .rotate()
    .resize(targetResize(s, w, h));
  // sharp flattens only a photo with alpha (a PNG, or the transparent padding of `fit`): JPEG has none.
  if (out === 'jpg') image = image.flatten({ background: rgba(s.background) });
  if (s.maxFileKB === null) {
    const { data, info } = await encode(image, out, s.quality).toBuffer({ resolveWithObject: true });
    return { body: data, contentType: CONTENT_TYPES[out], extension: out, width: info.width, height: info.height };
  }
  const raw = await image.raw().toBuffer({ resolveWithObject: true });
  const body = await fitFileSize(raw, out, s.quality, s.maxFileKB * 1024, s.background);
  const meta = await sharp(body).metadata();
  return { body, contentType: CONTENT_TYPES[out], extension: out, width: meta.width ?? 0, height: meta.height ?? 0 };
}

/**
 * The `batchEdit` processor: bad settings fail with PARAMS_INVALID before the photo is read. A resize takes
 * milliseconds, so it reports no progress and asks about cancellation only once (runTask checks again before
 * it stores the result): each of those is a database write or read, and they cost more than the resize.
 */
export const batchResizeProcessor: Processor = async (ctx) => {
  const parsed = parseResizeSettings(ctx.params);
  if (!parsed.ok) throw new ApiError(ResultCode.PARAMS_INVALID, parsed.message);
  // On local disk sharp opens the photo itself, in its own thread: no copy of the photo in JavaScript memory,
  // whose garbage collection (a 12 MP JPEG is several MB) ran on the thread that also serves HTTP and the
  // embedded database. Elsewhere (S3) the bytes are read as before.
  const key = typeof ctx.params.inputKey === 'string' ? ctx.params.inputKey : null;
  const path = key ? ctx.storage.localPath?.(key) : null;
  try {
    const { body, contentType, extension } = await resizePhoto(path ?? (await readInput(ctx)), parsed.value, key ? formatOfKey(key) : undefined);
    return { body, contentType, extension };
  } catch (err) {
    // sharp names the missing path; the user is told what readInput would say.
    if (path && /Input file is missing/.test((err as Error).message)) throw new ApiError(ResultCode.PRE_PROCESS_FAILED, 'the input file no longer exists');
    throw err;
  }
};
