/**
 * The product-recognition upload of SPEC §5/§7: the picture scaled to at most 256 px (RECOGNITION_MAX_SIDE),
 * saved as `img.jpg` (JPEG quality 0.9, transparency on white) inside a ZIP.
 */
import JSZip from 'jszip';
import { RECOGNITION_MAX_SIDE } from '../../../engine/spec/limits';

/** The scale that fits `w`×`h` within the recognition size (never enlarging). */
export function recognitionScale(w: number, h: number): number {
  return Math.min(1, RECOGNITION_MAX_SIDE / Math.max(w, h, 1));
}

/** A ZIP file holding `img.jpg`, the picture at most 256 px on its longer side. */
export async function recognitionZip(picture: Blob): Promise<File> {
  const bitmap = await createImageBitmap(picture);
  const scale = recognitionScale(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const jpeg = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('canvas.toBlob failed'))), 'image/jpeg', 0.9),
  );
  const zip = new JSZip();
  zip.file('img.jpg', jpeg);
  return new File([await zip.generateAsync({ type: 'blob' })], 'img.zip', { type: 'application/zip' });
}
