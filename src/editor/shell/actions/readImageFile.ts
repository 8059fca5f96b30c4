/**
 * Turns a picked, dropped or pasted file into bytes the project may store: checked like every
 * upload (type, size, pixel count), decoded once for its size, and re-encoded as PNG when the
 * server would refuse its format (BMP, AVIF, HEIC…: a project keeps PNG, JPG, WEBP or GIF).
 */
import { UPLOAD_MAX_PIXELS } from '../../../../engine/spec/limits';
import { LIMIT_PARAMS, checkImageFile } from '../../../tools/checkImageFile';

const STORABLE = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** A user-facing problem with a file; `key` is an i18n key, shown with `params`. */
export class ImageFileError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, unknown> = LIMIT_PARAMS,
  ) {
    super(key);
    this.name = 'ImageFileError';
  }
}

export interface ReadyImage {
  blob: Blob;
  width: number;
  height: number;
  name: string;
}

async function toPng(bitmap: ImageBitmap): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new ImageFileError('errors.paramsInvalid');
  ctx.drawImage(bitmap, 0, 0);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new ImageFileError('errors.paramsInvalid'))), 'image/png'));
}

/** Reads an image file; rejects with ImageFileError for anything the user should hear about. */
export async function readImageFile(file: File): Promise<ReadyImage> {
  const problem = checkImageFile(file);
  if (problem) throw new ImageFileError(problem.key, problem.params);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new ImageFileError('errors.paramsInvalid');
  }
  try {
    if (bitmap.width * bitmap.height > UPLOAD_MAX_PIXELS) throw new ImageFileError('errors.imageTooLarge');
    const blob = STORABLE.includes(file.type) ? file : await toPng(bitmap);
    return { blob, width: bitmap.width, height: bitmap.height, name: file.name || 'image' };
  } finally {
    bitmap.close();
  }
}

/** The natural size of an image URL (a sticker); SVGs without a size count as 512 × 512. */
export function imageSizeOf(url: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth || 512, height: img.naturalHeight || 512 });
    img.onerror = () => reject(new ImageFileError('editor.stickers.failed', {}));
    img.src = url;
  });
}
