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

/** The ID photo as raw RGB at the placement's size. */
export async function renderIdPhoto(cutout: RawImage, upright: Upright, placement: IdPhotoPlacement, background: string): Promise<{ rgb: Buffer; width: number; height: number }> {
  let src = cutout;
  let k = 1; // source px → src px
  if (placement.scale < PRESHRINK_BELOW) {
    const w = Math.max(1, Math.round((cutout.width * placement.scale) / PRESHRINK_BELOW));
    const h = Math.max(1, Math.round((cutout.height * placement.scale) / PRESHRINK_BELOW));
    const data = await sharp(cutout.data, { raw: { width: cutout.width, height: cutout.height, channels: 4 } }).resize(w, h, { fit: 'fill' }).raw().toBuffer();
    src = { data, width: w, height: h };
    k = w / cutout.width;
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
      // Pixel centres: src pixel i covers [i, i+1).
      const x = p.x * k - 0.5;
      const y = p.y * k - 0.5;
      let r = 0, g = 0, b = 0, a = 0;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      if (x0 >= -1 && y0 >= -1 && x0 < sw && y0 < sh) {
        const fx = x - x0;
        const fy = y - y0;
        for (let j = 0; j < 4; j++) {
          const xi = x0 + (j & 1);
          const yi = y0 + (j >> 1);
          if (xi < 0 || yi < 0 || xi >= sw || yi >= sh) continue;
          const w = ((j & 1) ? fx : 1 - fx) * ((j >> 1) ? fy : 1 - fy);
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
