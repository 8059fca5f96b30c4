/**
 * Where uploads and results live. Local disk under the data folder by default;
 * an S3-compatible implementation can sit behind the same interface.
 * Keys are relative paths such as `uploads/2026/11/21/<uuid>.png`.
 */
export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Null when the key does not exist. */
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /**
   * A URL the browser may fetch the file from directly (an S3 presigned GET), or null to serve
   * it through `/files`. Optional: local disk has none.
   */
  directUrl?(key: string): Promise<string | null>;
  /**
   * The file's path on this machine, for readers that can open it themselves (sharp reads a photo in its
   * own thread, with no copy in JavaScript memory), or null when the storage is not a local disk.
   * Optional; says nothing about whether the file exists.
   */
  localPath?(key: string): string | null;
}

const KEY_SHAPE = /^[a-zA-Z0-9_-]+(\/[a-zA-Z0-9_.-]+)*$/;

/** True for keys that cannot escape the storage root (no `..`, no absolute paths). */
export function isSafeKey(key: string): boolean {
  return KEY_SHAPE.test(key) && !key.split('/').some((part) => part === '.' || part === '..');
}

/**
 * Keys that `/files/*` and the download proxy may serve: everything except project data, which
 * only the owner's project routes serve (server/src/projects).
 */
export function isPublicFileKey(key: string): boolean {
  return isSafeKey(key) && !key.startsWith('projects/');
}

/** Maps a content type to the file extension used in keys. */
export function extensionFor(contentType: string): string {
  const map: Record<string, string> = {
    'image/png': 'png',
    'image/jpeg': 'jpg',
    'image/webp': 'webp',
    'image/gif': 'gif',
    'image/avif': 'avif',
    'image/tiff': 'tiff',
    'image/heif': 'heic',
    'image/bmp': 'bmp',
    'application/zip': 'zip',
  };
  return map[contentType] ?? 'bin';
}

export function contentTypeForKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  const map: Record<string, string> = {
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    webp: 'image/webp',
    gif: 'image/gif',
    avif: 'image/avif',
    tiff: 'image/tiff',
    heic: 'image/heif',
    bmp: 'image/bmp',
    zip: 'application/zip',
    json: 'application/json',
  };
  return map[ext] ?? 'application/octet-stream';
}
