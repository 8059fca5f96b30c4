/**
 * overColor tint of an image or sticker: the colour painted over the picture's own pixels only
 * (source-atop), at the colour's alpha, so transparent parts stay transparent. This is what
 * Konva's RGBA filter computes, done once into a cached canvas instead of per redraw.
 */
import { isValidColor, toCssColor } from '../../../../engine/doc/color';

const cache = new WeakMap<HTMLImageElement, Map<string, HTMLCanvasElement>>();

/** The tinted copy of `image` (natural size), or null for no/invalid tint colour. */
export function tintedImage(image: HTMLImageElement, overColor: string): HTMLCanvasElement | null {
  if (!overColor || !isValidColor(overColor)) return null;
  let byColor = cache.get(image);
  if (!byColor) {
    byColor = new Map();
    cache.set(image, byColor);
  }
  const known = byColor.get(overColor);
  if (known) return known;
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth || image.width;
  canvas.height = image.naturalHeight || image.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.drawImage(image, 0, 0);
  ctx.globalCompositeOperation = 'source-atop';
  ctx.fillStyle = toCssColor(overColor);
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  byColor.set(overColor, canvas);
  return canvas;
}
