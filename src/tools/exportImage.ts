/**
 * Client-side export of a result image (SPEC §1, §9): PNG keeps the alpha
 * channel; JPG has none, so it is flattened onto WHITE rather than the black a
 * bare canvas would give. File name: fileresult_{timestamp}.{ext}.
 */
import { JPEG_QUALITY, exportFileName } from '../../engine/spec/limits';

export type ExportFormat = 'png' | 'jpg';

/** How long the temporary object URL lives: long enough for the browser to start the download. */
const REVOKE_AFTER_MS = 10_000;

/** Draws `blob` on a canvas, optionally over a solid fill, and encodes it as `type`. */
async function reencode(blob: Blob, type: string, fill?: string, quality?: number): Promise<Blob> {
  const bitmap = await createImageBitmap(blob);
  try {
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('2D canvas context unavailable');
    if (fill) {
      ctx.fillStyle = fill;
      ctx.fillRect(0, 0, canvas.width, canvas.height);
    }
    ctx.drawImage(bitmap, 0, 0);
    return await new Promise<Blob>((resolve, reject) => {
      canvas.toBlob((out) => (out ? resolve(out) : reject(new Error('canvas.toBlob returned null'))), type, quality);
    });
  } finally {
    bitmap.close();
  }
}

/** The bytes to save for a format: PNG as is (re-encoded only if the result is not a PNG), JPG on white. */
export function toExportBlob(result: Blob, format: ExportFormat): Promise<Blob> {
  if (format === 'jpg') return reencode(result, 'image/jpeg', '#ffffff', JPEG_QUALITY);
  return result.type === 'image/png' ? Promise.resolve(result) : reencode(result, 'image/png');
}

/** Saves a blob through a temporary `<a download>`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** Exports and saves the result; rejects when the image cannot be decoded or encoded. */
export async function downloadResult(result: Blob, format: ExportFormat, fileName?: (ext: ExportFormat) => string): Promise<void> {
  saveBlob(await toExportBlob(result, format), fileName ? fileName(format) : exportFileName(format));
}
