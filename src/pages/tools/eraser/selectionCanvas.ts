/** The server's selection PNG as a canvas the mask renderer draws: photo-sized, grown, white on transparent. */
import { dilationRadius, selectionOverlay } from './selectionMask';

/** Decodes `png` at the photo's size and turns it into the mask's form (selectionMask.ts). */
export async function selectionCanvas(png: Blob, width: number, height: number): Promise<HTMLCanvasElement> {
  const bitmap = await createImageBitmap(png);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('no 2D canvas');
  ctx.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const pixels = ctx.getImageData(0, 0, width, height);
  selectionOverlay(pixels.data, width, height, dilationRadius(width, height));
  ctx.putImageData(pixels, 0, 0);
  return canvas;
}
