/**
 * Renders the ID photo: the roll-corrected, scaled crop of the cut-out over the template's
 * background colour, at the template's exact pixel size, sampled once from the source (bilinear).
 * Then JPEG with the template's DPI in the file (JFIF density) and, where the template has one,
 * under its file-size limit.
 */
import sharp from 'sharp';
import type { IdPhotoPlacement } from '../../../engine/idphoto/layout';
import type { RawImage } from '../backgrounds/render';
import type { Upright } from './upright';

/** Below this scale the cut-out is first shrunk by sharp (area-averaging), so bilinear sampling does not alias. */
const PRESHRINK_BELOW = 0.8;

/** `#RRGGBB` → [r, g, b]. */
export function parseHex(color: string): [number, number, number] {
  const m = /^#?([0-9a-f]{6})$/i.exec(color.trim());
  if (!m) throw new Error(`not a #RRGGBB colour: ${color}`);
  const v = parseInt(m[1], 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/**
 * The ID photo as raw RGB at the placement's size. `k` is the cut-out's px per source px (a stored
 * cut-out is smaller than the photo, portraitStore.ts).
 *
 * Samples beyond the photo's edge take the edge's own pixel (clamped): where the edge is background
 * that is the new colour again, and where the person runs into it (a body cut off by the bottom of the
 * photo) the clothing continues straight on. fit.ts keeps that continuation short.
 */
export async function renderIdPhoto(
  cutout: RawImage,
  upright: Upright,
  placement: IdPhotoPlacement,
  background: string,
  k0 = 1,
): Promise<{ rgb: Buffer; width: number; height: number }> {
  let src = cutout;
  let k = k0; // source px → src px
  const pre = placement.scale / k0; // output px per cut-out px
  if (pre < PRESHRINK_BELOW) {
    const w = Math.max(1, Math.round((cutout.width * pre) / PRESHRINK_BELOW));
    const h = Math.max(1, Math.round((cutout.height * pre) / PRESHRINK_BELOW));
    const data = await sharp(cutout.data, { raw: { width: cutout.width, height: cutout.height, channels: 4 } })
      .resize(w, h, { fit: 'fill' })
      .raw()
      .toBuffer();
    src = { data, width: w, height: h };
    k = (k0 * w) / cutout.width;
  }
  const [br, bg, bb] = parseHex(background);
  const { outWidth: W, outHeight: H, scale, originX, originY } = placement;
  const rgb = Buffer.alloc(W * H * 3);
  const sw = src.width;
  const sh = src.height;
  const d = src.data;
  for (let oy = 0; oy < H; oy++) {
    for (let ox = 0; ox < W; ox++) {
      const p = upright.toSource({ x: originX + (ox + 0.5) / scale, y: originY + (oy + 0.5) / scale });
      // Pixel centres: src pixel i covers [i, i+1); beyond the edge the edge pixel continues.
      const x = Math.min(sw - 1, Math.max(0, p.x * k - 0.5));
      const y = Math.min(sh - 1, Math.max(0, p.y * k - 0.5));
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      {
        const fx = x - x0;
        const fy = y - y0;
        for (let j = 0; j < 4; j++) {
          const xi = Math.min(sw - 1, x0 + (j & 1));
          const yi = Math.min(sh - 1, y0 + (j >> 1));
          const w = (j & 1 ? fx : 1 - fx) * (j >> 1 ? fy : 1 - fy);
          const i = (yi * sw + xi) * 4;
          const wa = (w * d[i + 3]) / 255;
          r += d[i] * wa;
          g += d[i + 1] * wa;
          b += d[i + 2] * wa;
          a += wa;
        }
      }
      // Premultiplied sum over the new background.
      const o = (oy * W + ox) * 3;
      rgb[o] = Math.round(r + br * (1 - a));
      rgb[o + 1] = Math.round(g + bg * (1 - a));
      rgb[o + 2] = Math.round(b + bb * (1 - a));
    }
  }
  return { rgb, width: W, height: H };
}

/** JPEG qualities tried in turn until the file fits. */
const QUALITIES = [95, 92, 90, 87, 85, 82, 80, 76, 72, 68, 64, 60, 55, 50];

/**
 * JPEG with the DPI in its JFIF header and an sRGB profile, at the best quality that fits
 * `maxBytes` (when given). Returns the quality used.
 */
export async function encodeJpeg(rgb: Buffer, width: number, height: number, dpi: number, maxBytes?: number): Promise<{ body: Buffer; quality: number }> {
  let last: Buffer | null = null;
  for (const quality of QUALITIES) {
    const body = await sharp(rgb, { raw: { width, height, channels: 3 } })
      .withMetadata({ density: dpi })
      .jpeg({ quality, chromaSubsampling: '4:4:4', mozjpeg: false })
      .toBuffer();
    last = body;
    if (!maxBytes || body.length <= maxBytes) return { body, quality };
  }
  return { body: last!, quality: QUALITIES[QUALITIES.length - 1] };
}
