/**
 * Rasterises library backgrounds (engine/backgrounds) with sharp: SVG → pixels at the requested size,
 * then the finish (blur, noise overlays, grain). Also solid colours and user gradients for the changer.
 */
import sharp from 'sharp';
import { parseColor } from '../../../engine/doc/color';
import { backgroundSvg, linearSvg } from '../../../engine/backgrounds/svg';
import type { BackgroundDef } from '../../../engine/backgrounds/types';
import { addGrain, overlayLayer } from './noise';

/** Raw 8-bit RGBA pixels, row-major. */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
}

/** Above this long side, backgrounds are drawn smaller and scaled up: they are smooth, and librsvg is slow. */
const MAX_DRAW_SIDE = 2048;

export interface RenderOptions {
  /** Film grain off for thumbnails, where it only costs bytes. */
  grain?: boolean;
}

/**
 * A library background as RGBA pixels of exactly `width` × `height`.
 * @example const { data } = await renderBackground(backgroundById('studio-white')!, 1200, 900)
 */
export async function renderBackground(def: BackgroundDef, width: number, height: number, options: RenderOptions = {}): Promise<RawImage> {
  const finish = def.finish ?? {};
  const scale = Math.min(finish.renderScale ?? 1, MAX_DRAW_SIDE / Math.max(width, height));
  const dw = Math.max(4, Math.round(width * scale));
  const dh = Math.max(4, Math.round(height * scale));
  let pipeline = sharp(Buffer.from(backgroundSvg(def, dw, dh)));
  if (dw !== width || dh !== height) pipeline = pipeline.resize(width, height, { fit: 'fill', kernel: 'cubic' });
  if (finish.blur) pipeline = pipeline.blur(Math.max(0.3, finish.blur * Math.min(width, height)));
  let data = await pipeline.ensureAlpha().raw().toBuffer();

  if (finish.overlays?.length) {
    const layers = await Promise.all(finish.overlays.map((overlay) => overlayLayer(overlay, width, height)));
    data = await sharp(data, { raw: { width, height, channels: 4 } })
      .composite(layers)
      .raw()
      .toBuffer();
  }
  if (options.grain !== false) addGrain(data, width, height, finish.grain ?? 0);
  return { data, width, height };
}

/** One colour everywhere (`#RRGGBB` or `#RRGGBBAA`; alpha is kept). Throws ColorFormatError on a bad colour. */
export function solidBackground(color: string, width: number, height: number): RawImage {
  const { r, g, b, a } = parseColor(color);
  const data = Buffer.alloc(width * height * 4);
  const alpha = Math.round(a * 255);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = r;
    data[i + 1] = g;
    data[i + 2] = b;
    data[i + 3] = alpha;
  }
  return { data, width, height };
}

/** A CSS-style two-colour linear gradient (0° = towards the top, 90° = towards the right). */
export async function gradientBackground(from: string, to: string, angle: number, width: number, height: number): Promise<RawImage> {
  const scale = Math.min(1, MAX_DRAW_SIDE / Math.max(width, height));
  const dw = Math.max(2, Math.round(width * scale));
  const dh = Math.max(2, Math.round(height * scale));
  let pipeline = sharp(Buffer.from(linearSvg({ stops: [from, to], angle }, dw, dh)));
  if (dw !== width || dh !== height) pipeline = pipeline.resize(width, height, { fit: 'fill' });
  return { data: await pipeline.ensureAlpha().raw().toBuffer(), width, height };
}

/** A transparent canvas. */
export const transparentBackground = (width: number, height: number): RawImage => ({ data: Buffer.alloc(width * height * 4), width, height });
