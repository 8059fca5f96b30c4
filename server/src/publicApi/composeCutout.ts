import sharp from 'sharp';
import { REMOVEBG_SIZES, isTrue, type RemoveBgFieldValues, type RemoveBgSize } from '../../../engine/spec/removeBgApi';
import { zipStream } from '../batch/zipWriter';

/** A remove.bg error before or after the cut-out: HTTP status, remove.bg's code and a title a person can read. */
export class RemoveBgError extends Error {
  constructor(
    readonly status: 400 | 402 | 403 | 429 | 503,
    readonly code: string,
    title: string,
  ) {
    super(title);
  }
}

export interface ComposedResult {
  body: Buffer;
  contentType: string;
  width: number;
  height: number;
  /** The subject's box in the output (remove.bg's X-Foreground-* headers and foreground_* fields). */
  foreground: { top: number; left: number; width: number; height: number };
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A length of remove.bg ("30px", "10%", "30") in pixels, `of` being what 100 % is. */
function pixels(value: string, of: number): number {
  const n = Number.parseFloat(value);
  return value.endsWith('%') ? (n / 100) * of : n;
}

/** The box where the subject may be (roi, default the whole image). */
function roiBox(roi: string | undefined, width: number, height: number): Box {
  if (!roi) return { x: 0, y: 0, width, height };
  const [x1, y1, x2, y2] = roi.split(/\s+/);
  const left = Math.max(0, Math.min(width, Math.round(pixels(x1, width))));
  const top = Math.max(0, Math.min(height, Math.round(pixels(y1, height))));
  const right = Math.max(left, Math.min(width, Math.round(pixels(x2, width))));
  const bottom = Math.max(top, Math.min(height, Math.round(pixels(y2, height))));
  if (right - left < 1 || bottom - top < 1) throw new RemoveBgError(400, 'invalid_parameters', 'roi is empty: x2 must be right of x1 and y2 below y1');
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** The smallest box holding every pixel with some opacity, or null when there is none. */
function foregroundBox(rgba: Buffer, width: number, height: number): Box | null {
  let minX = width,
    minY = height,
    maxX = -1,
    maxY = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width * 4;
    for (let x = 0; x < width; x++) {
      if (rgba[row + x * 4 + 3] > 0) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  return maxX < 0 ? null : { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

/** crop_margin as top, right, bottom, left pixels (1, 2 or 4 values; each at most 50 % of the subject or 500 px). */
function margins(value: string | undefined, subject: Box): [number, number, number, number] {
  if (!value) return [0, 0, 0, 0];
  const parts = value.split(/\s+/);
  const [t, r, b, l] = parts.length === 1 ? [parts[0], parts[0], parts[0], parts[0]] : parts.length === 2 ? [parts[0], parts[1], parts[0], parts[1]] : parts;
  if (!t || !r || !b || !l) throw new RemoveBgError(400, 'invalid_parameters', 'crop_margin must be 1, 2 or 4 lengths');
  const cap = (v: string, of: number) => Math.round(Math.min(pixels(v, of), of * 0.5, 500));
  return [cap(t, subject.height), cap(r, subject.width), cap(b, subject.height), cap(l, subject.width)];
}

/** A CSS-like colour of remove.bg (`81d4fa`, `81d4fa77`, `fff`, `green`) for sharp. */
function colourOf(value: string): string | { r: number; g: number; b: number; alpha: number } {
  const hex = value.replace(/^#/, '');
  if (/^[0-9a-fA-F]+$/.test(hex) && [3, 4, 6, 8].includes(hex.length)) {
    const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
    const n = (i: number) => Number.parseInt(full.slice(i, i + 2), 16);
    return { r: n(0), g: n(2), b: n(4), alpha: full.length === 8 ? n(6) / 255 : 1 };
  }
  return value.toLowerCase();
}

const raw = (buffer: Buffer, width: number, height: number) => sharp(buffer, { raw: { width, height, channels: 4 } });

/**
 * Turns the product's cut-out (the `removebg` task's transparent PNG, at the photo's size) into what remove.bg
 * would answer for `fields`: region of interest, size limit, crop and margin, scale and position, background
 * colour or picture, the alpha channel alone, and PNG, JPG, WEBP or a ZIP of color.jpg and alpha.png.
 */
export async function composeCutout(cutout: Buffer, fields: RemoveBgFieldValues, background: Buffer | null): Promise<ComposedResult> {
  let { data: rgba, info } = await sharp(cutout).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let width = info.width;
  let height = info.height;

  // roi: everything outside the region is background.
  const roi = roiBox(fields.roi, width, height);
  let changed = false;
  if (roi.width !== width || roi.height !== height) {
    changed = true;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (x < roi.x || y < roi.y || x >= roi.x + roi.width || y >= roi.y + roi.height) rgba[(y * width + x) * 4 + 3] = 0;
      }
    }
  }

  // size: the largest output in megapixels.
  const maxPixels = REMOVEBG_SIZES[(fields.size ?? 'preview') as RemoveBgSize] * 1_000_000;
  if (width * height > maxPixels) {
    changed = true;
    const f = Math.sqrt(maxPixels / (width * height));
    const w = Math.max(1, Math.floor(width * f));
    const h = Math.max(1, Math.floor(height * f));
    ({ data: rgba, info } = await raw(rgba, width, height).resize(w, h, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true }));
    width = w;
    height = h;
  }

  let subject = foregroundBox(rgba, width, height);
  if (!subject) throw new RemoveBgError(400, 'unknown_foreground', 'Could not identify foreground in image.');

  // crop: the subject's box plus its margin (transparent where the margin passes the photo's edge).
  if (isTrue(fields.crop)) {
    changed = true;
    const [mt, mr, mb, ml] = margins(fields.crop_margin, subject);
    const cropped = await raw(rgba, width, height)
      .extract({ left: subject.x, top: subject.y, width: subject.width, height: subject.height })
      .extend({ top: mt, right: mr, bottom: mb, left: ml, background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .raw()
      .toBuffer({ resolveWithObject: true });
    rgba = cropped.data;
    width = cropped.info.width;
    height = cropped.info.height;
    subject = { x: ml, y: mt, width: subject.width, height: subject.height };
  }

  // scale and position: the subject on a canvas of the same size, resized and/or moved.
  const scale = fields.scale && fields.scale !== 'original' ? Math.min(100, Math.max(10, Number.parseFloat(fields.scale))) / 100 : null;
  const position = fields.position ?? (scale ? 'center' : 'original');
  if (scale || position !== 'original') {
    changed = true;
    let w = subject.width;
    let h = subject.height;
    if (scale) {
      const f = Math.min((width * scale) / w, (height * scale) / h);
      w = Math.max(1, Math.round(w * f));
      h = Math.max(1, Math.round(h * f));
    }
    const piece = await raw(rgba, width, height)
      .extract({ left: subject.x, top: subject.y, width: subject.width, height: subject.height })
      .resize(w, h, { fit: 'fill' })
      .png()
      .toBuffer();
    let left = subject.x;
    let top = subject.y;
    if (position !== 'original') {
      const [px, py] = position === 'center' ? ['50%', '50%'] : [position.split(/\s+/)[0], position.split(/\s+/)[1] ?? position.split(/\s+/)[0]];
      left = Math.round((width - w) * (Number.parseFloat(px!) / 100));
      top = Math.round((height - h) * (Number.parseFloat(py!) / 100));
    }
    left = Math.max(0, Math.min(width - w, left));
    top = Math.max(0, Math.min(height - h, top));
    rgba = await sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: piece, left, top }])
      .raw()
      .toBuffer();
    subject = { x: left, y: top, width: w, height: h };
  }
  const foreground = { top: subject.y, left: subject.x, width: subject.width, height: subject.height };
  const done = (body: Buffer, contentType: string): ComposedResult => ({ body, contentType, width, height, foreground });

  const alphaOnly = fields.channels === 'alpha';
  const alpha = () => {
    const mask = Buffer.alloc(width * height);
    for (let i = 0; i < mask.length; i++) mask[i] = rgba[i * 4 + 3]!;
    return sharp(mask, { raw: { width, height, channels: 1 } }).toColourspace('b-w');
  };
  const format = fields.format ?? 'auto';

  if (format === 'zip') {
    // remove.bg's ZIP: the colour image (no transparency) and its alpha mask, to be combined by the client.
    const color = await raw(rgba, width, height).removeAlpha().jpeg({ quality: 90 }).toBuffer();
    const mask = await alpha().png().toBuffer();
    const chunks: Buffer[] = [];
    for await (const chunk of zipStream([
      { name: 'color.jpg', read: async () => color },
      { name: 'alpha.png', read: async () => mask },
    ]))
      chunks.push(chunk as Buffer);
    return done(Buffer.concat(chunks), 'application/zip');
  }

  // Nothing asked for changes the cut-out and it is a transparent PNG already: send its bytes as they are (no
  // second PNG encoding, the API's largest cost over the pipeline at full size).
  if (
    !changed &&
    !alphaOnly &&
    !background &&
    !fields.bg_color &&
    (format === 'png' || format === 'auto') &&
    (await sharp(cutout).metadata()).format === 'png'
  ) {
    let transparent = false;
    for (let i = 3; i < rgba.length && !transparent; i += 4) transparent = rgba[i]! < 255;
    if (format === 'png' || transparent) return done(cutout, 'image/png');
  }

  let image: sharp.Sharp;
  let opaque = false;
  if (alphaOnly) {
    // The mask alone, as a one-channel greyscale picture (PNG unless a format is asked for).
    image = alpha();
  } else if (background || fields.bg_color) {
    const base = background
      ? sharp(background).rotate().resize(width, height, { fit: 'cover' }).ensureAlpha()
      : sharp({ create: { width, height, channels: 4, background: colourOf(fields.bg_color!) } });
    const layer = await raw(rgba, width, height).png().toBuffer();
    const flat = await base
      .composite([{ input: layer }])
      .raw()
      .toBuffer({ resolveWithObject: true });
    // A translucent colour (81d4fa77) keeps transparency; an opaque one does not.
    opaque = !flat.data.some((v, i) => i % 4 === 3 && v < 255);
    image = sharp(flat.data, { raw: { width, height, channels: 4 } });
    if (opaque) image = image.removeAlpha();
  } else {
    image = raw(rgba, width, height);
  }
  const chosen = format === 'auto' ? (opaque ? 'jpg' : 'png') : format;
  if (alphaOnly && chosen === 'jpg') return done(await image.jpeg({ quality: 90 }).toBuffer(), 'image/jpeg');
  if (chosen === 'jpg') return done(await image.flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer(), 'image/jpeg');
  if (chosen === 'webp') return done(await image.webp({ quality: 90 }).toBuffer(), 'image/webp');
  return done(await image.png().toBuffer(), 'image/png');
}
