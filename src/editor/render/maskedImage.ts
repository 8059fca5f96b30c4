/**
 * A layer mask (SPEC §3 `mask`) applied to a picture: the mask's brightness becomes the picture's
 * opacity (white shows, black hides, greys in between), stretched over the whole picture, so a crop,
 * flips and rotation keep it in place. Results are cached per picture, mask and mask version.
 */

type Source = HTMLImageElement | HTMLCanvasElement;

const cache = new WeakMap<Source, WeakMap<Source, { key: string; canvas: HTMLCanvasElement }>>();

function sizeOf(source: Source): { width: number; height: number } {
  return source instanceof HTMLImageElement
    ? { width: source.naturalWidth || source.width, height: source.naturalHeight || source.height }
    : { width: source.width, height: source.height };
}

/** The mask as an alpha-only canvas of `width` × `height`: alpha = brightness × the mask's own alpha. */
export function maskAlpha(mask: Source, width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  ctx.drawImage(mask, 0, 0, width, height);
  const pixels = ctx.getImageData(0, 0, width, height);
  const data = pixels.data;
  for (let i = 0; i < data.length; i += 4) {
    const brightness = (data[i] * 77 + data[i + 1] * 150 + data[i + 2] * 29) >> 8;
    data[i + 3] = (brightness * data[i + 3]) / 255;
    data[i] = 0;
    data[i + 1] = 0;
    data[i + 2] = 0;
  }
  ctx.putImageData(pixels, 0, 0);
  return canvas;
}

/**
 * `picture` with `mask` applied, at most `maxSide` pixels on its long side (a live brush preview
 * works on a smaller copy). `version` tells a mask canvas that was painted on since the last call.
 */
export function maskedImage(picture: Source, mask: Source, version = 0, maxSide = Infinity): HTMLCanvasElement {
  const natural = sizeOf(picture);
  const scale = Math.min(1, maxSide / Math.max(natural.width, natural.height));
  const width = Math.max(1, Math.round(natural.width * scale));
  const height = Math.max(1, Math.round(natural.height * scale));
  const key = `${version}:${width}x${height}`;
  let byMask = cache.get(picture);
  if (!byMask) {
    byMask = new WeakMap();
    cache.set(picture, byMask);
  }
  const known = byMask.get(mask);
  if (known?.key === key) return known.canvas;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(picture, 0, 0, width, height);
  ctx.globalCompositeOperation = 'destination-in';
  ctx.drawImage(maskAlpha(mask, width, height), 0, 0);
  byMask.set(mask, { key, canvas });
  return canvas;
}

const cutouts = new WeakMap<Source, { version: number; canvas: HTMLCanvasElement }>();

/**
 * The part of a layer a mask hides, as an alpha-only canvas at the mask's own size: alpha = 1 −
 * the mask's brightness × its alpha. Drawn with 'destination-out' over a drawn layer (text, shape)
 * in an isolated group, it removes what the mask hides and leaves everything outside the mask's box
 * (a shadow falling past the box) as it was.
 */
export function maskCutout(mask: Source, version = 0): HTMLCanvasElement {
  const known = cutouts.get(mask);
  if (known?.version === version) return known.canvas;
  const { width, height } = sizeOf(mask);
  const canvas = maskAlpha(mask, Math.max(1, width), Math.max(1, height));
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height);
  for (let i = 3; i < pixels.data.length; i += 4) pixels.data[i] = 255 - pixels.data[i];
  ctx.putImageData(pixels, 0, 0);
  cutouts.set(mask, { version, canvas });
  return canvas;
}
