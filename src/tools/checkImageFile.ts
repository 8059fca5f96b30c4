/**
 * Client-side checks on a picked, dropped or pasted file, run before any upload
 * so the user hears at once about an obvious mistake. The server checks again
 * (and also the pixel count, which needs decoding: errors.imageTooLarge).
 */
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS } from '../../engine/spec/limits';

const MB = 1024 * 1024;

/** Interpolation values for the limit messages (errors.fileTooLarge, errors.imageTooLarge). */
export const LIMIT_PARAMS = {
  maxMb: Math.round(UPLOAD_MAX_BYTES / MB),
  maxMp: Math.round(UPLOAD_MAX_PIXELS / 1_000_000),
} as const;

/** Some systems hand over files without a MIME type; trust the extension then. */
const IMAGE_EXTENSIONS = /\.(jpe?g|png|webp|gif|bmp|avif|heic|heif|tiff?)$/i;

export interface FileProblem {
  key: 'errors.notAnImage' | 'errors.fileTooLarge';
  params: typeof LIMIT_PARAMS;
}

type FileLike = Pick<File, 'name' | 'type' | 'size'>;

export function isImageFile(file: FileLike): boolean {
  if (file.type) return file.type.startsWith('image/');
  return IMAGE_EXTENSIONS.test(file.name);
}

/** The first problem with the file, or null when it may be uploaded. */
export function checkImageFile(file: FileLike, maxBytes: number = UPLOAD_MAX_BYTES): FileProblem | null {
  if (!isImageFile(file)) return { key: 'errors.notAnImage', params: LIMIT_PARAMS };
  if (file.size > maxBytes) return { key: 'errors.fileTooLarge', params: LIMIT_PARAMS };
  return null;
}
