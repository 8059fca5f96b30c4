/**
 * The "before" picture of the extender's comparison: the photo at its place in the new frame, the border
 * transparent. It has the result's shape, so the compare slider lines the two up exactly.
 */
import { photoOffset, type Position, type Size } from './frameGeometry';

/** Long side of the preview: enough for the on-screen comparison, small enough to draw at once. */
const PREVIEW_LONG_SIDE = 1600;

/** Draws the framed photo and resolves to a PNG blob (browser only: canvas). */
export async function framedPreview(file: Blob, photo: Size, frame: Size, position: Position): Promise<Blob> {
  const scale = Math.min(1, PREVIEW_LONG_SIDE / Math.max(frame.width, frame.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(frame.width * scale));
  canvas.height = Math.max(1, Math.round(frame.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas context');
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const { left, top } = photoOffset(frame, photo, position);
    context.drawImage(bitmap, left * scale, top * scale, photo.width * scale, photo.height * scale);
  } finally {
    bitmap.close();
  }
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas.toBlob gave nothing'))), 'image/png');
  });
}

/** The upright size of an image file (EXIF orientation applied, as the server applies it). */
export async function imageSize(file: Blob): Promise<Size> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return size;
}
