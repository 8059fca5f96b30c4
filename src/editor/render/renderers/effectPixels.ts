/**
 * Moving pictures between canvases and straight-alpha RGBA arrays for the effect renderers.
 * A 2D canvas stores premultiplied colour, so semi-transparent pixels can shift by a level on the way
 * in or out; fully opaque pixels are exact.
 */
import type { RgbaImage } from '../../../../engine/effects/cpuAdjust';
import type { EffectSource } from '../../../../engine/effects/effectStack';

export type { RgbaImage };

/** A fresh 2D canvas of this size (DOM canvas: Konva and drawImage accept it everywhere). */
export function makeCanvas(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

export function context2d(canvas: HTMLCanvasElement | OffscreenCanvas): CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D {
  const ctx = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!ctx) throw new Error(`A 2D canvas context (${canvas.width}×${canvas.height}) could not be created`);
  return ctx;
}

/** `source` as a canvas of exactly width×height: the source itself when it already is one, else a scaled copy. */
export function sourceCanvas(source: EffectSource, width: number, height: number): HTMLCanvasElement | OffscreenCanvas {
  const isCanvas =
    (typeof HTMLCanvasElement !== 'undefined' && source instanceof HTMLCanvasElement) ||
    (typeof OffscreenCanvas !== 'undefined' && source instanceof OffscreenCanvas);
  if (isCanvas && source.width === width && source.height === height) return source as HTMLCanvasElement | OffscreenCanvas;
  const canvas = makeCanvas(width, height);
  const ctx = context2d(canvas);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(source as CanvasImageSource, 0, 0, width, height);
  return canvas;
}

/** The straight-alpha pixels of `source` drawn at width×height. */
export function readPixels(source: EffectSource, width: number, height: number): RgbaImage {
  const canvas = sourceCanvas(source, width, height);
  const data = context2d(canvas).getImageData(0, 0, width, height).data;
  return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), width, height };
}

/** A new canvas holding `image`. */
export function imageToCanvas(image: RgbaImage): HTMLCanvasElement {
  const canvas = makeCanvas(image.width, image.height);
  const pixels = new ImageData(new Uint8ClampedArray(image.data), image.width, image.height);
  context2d(canvas).putImageData(pixels, 0, 0);
  return canvas;
}

/** The rectangle (x, y, w, h) of `image` as a new image. */
export function cropImage(image: RgbaImage, x: number, y: number, width: number, height: number): RgbaImage {
  const out = new Uint8ClampedArray(width * height * 4);
  for (let row = 0; row < height; row++) {
    const from = ((y + row) * image.width + x) * 4;
    out.set(image.data.subarray(from, from + width * 4), row * width * 4);
  }
  return { data: out, width, height };
}

/** Copies `part` (its rectangle sx, sy, w, h) into `into` at (dx, dy). */
export function pasteImage(into: RgbaImage, part: RgbaImage, sx: number, sy: number, width: number, height: number, dx: number, dy: number): void {
  for (let row = 0; row < height; row++) {
    const from = ((sy + row) * part.width + sx) * 4;
    into.data.set(part.data.subarray(from, from + width * 4), ((dy + row) * into.width + dx) * 4);
  }
}

/** Size scaled down (never up) so neither side exceeds `maxSide`, aspect kept, each side ≥ 1. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)) };
}
