/**
 * Image pixels live here, by content id, never in the document or the history: a layer's image
 * value refers to an asset as `asset:<id>`, where the id is the lowercase hex SHA-256 of the bytes
 * (so the same picture added twice is stored once, and the server can verify uploads).
 */
import { sha256Hex } from './sha256';

export interface StoredAsset {
  id: string;
  blob: Blob;
  /** Set once the bytes are known to be on the server (saved with the project). */
  uploadedTo?: string;
}

const ASSET_URI_PREFIX = 'asset:';

/** `asset:<id>` for an asset id. */
export function assetUri(id: string): string {
  return `${ASSET_URI_PREFIX}${id}`;
}

/** The asset id of an `asset:` uri, or null for any other uri (remote URL, same-origin path). */
export function assetIdFromUri(uri: string): string | null {
  return uri.startsWith(ASSET_URI_PREFIX) ? uri.slice(ASSET_URI_PREFIX.length) : null;
}

/** Lowercase hex SHA-256 of a blob (Web Crypto where the page is a secure context, else plain TS). */
export async function hashBlob(blob: Blob): Promise<string> {
  const bytes = await blob.arrayBuffer();
  if (!globalThis.crypto?.subtle) return sha256Hex(new Uint8Array(bytes));
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** In-memory asset store for one open document (the server keeps the durable copy). */
export class AssetStore {
  private readonly assets = new Map<string, StoredAsset>();

  /**
   * Stores `blob` and returns its id; storing the same bytes twice returns the same id.
   * @example const id = await store.put(file); layer.value.img.uri = assetUri(id);
   */
  async put(blob: Blob): Promise<string> {
    const id = await hashBlob(blob);
    if (!this.assets.has(id)) this.assets.set(id, { id, blob });
    return id;
  }

  /** Adds bytes whose id is already known (loading a saved project or a zip). */
  putWithId(id: string, blob: Blob): void {
    if (!this.assets.has(id)) this.assets.set(id, { id, blob });
  }

  get(id: string): StoredAsset | undefined {
    return this.assets.get(id);
  }

  has(id: string): boolean {
    return this.assets.has(id);
  }

  ids(): string[] {
    return [...this.assets.keys()];
  }

  markUploaded(id: string, location: string): void {
    const asset = this.assets.get(id);
    if (asset) asset.uploadedTo = location;
  }

  /** Drops assets no longer referenced by the document or its history. */
  retainOnly(referenced: Iterable<string>): void {
    const keep = new Set(referenced);
    for (const id of [...this.assets.keys()]) if (!keep.has(id)) this.assets.delete(id);
  }

  clear(): void {
    this.assets.clear();
  }
}
