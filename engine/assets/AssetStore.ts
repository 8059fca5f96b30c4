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
  /** When it was stored (the store's clock, ms). */
  addedAt: number;
}

/**
 * How long a stored asset is kept while nothing refers to it: the time between storing a picture and
 * the command that puts it on a layer (an upload, an AI result on its way into the document).
 */
export const UNREFERENCED_ASSET_GRACE_MS = 60_000;

export interface AssetStoreOptions {
  /** The clock (ms); tests pass their own. */
  now?: () => number;
}

const ASSET_URI_PREFIX = 'asset:';

/** `asset:<id>` for an asset id. */
export function assetUri(id: string): string {
  return `${ASSET_URI_PREFIX}${id}`;
}

/** Adds to `into` the id of every `asset:` uri found anywhere in `value` (a document, a history diff). */
export function collectAssetIds(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') {
    if (value.startsWith(ASSET_URI_PREFIX)) into.add(value.slice(ASSET_URI_PREFIX.length));
  } else if (Array.isArray(value)) {
    for (const item of value) collectAssetIds(item, into);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) collectAssetIds(item, into);
  }
  return into;
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
  private readonly removedListeners = new Set<(asset: StoredAsset) => void>();
  private readonly now: () => number;

  constructor(options: AssetStoreOptions = {}) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Stores `blob` and returns its id; storing the same bytes twice returns the same id.
   * @example const id = await store.put(file); layer.value.img.uri = assetUri(id);
   */
  async put(blob: Blob): Promise<string> {
    const id = await hashBlob(blob);
    this.putWithId(id, blob);
    return id;
  }

  /** Adds bytes whose id is already known (loading a saved project or a zip). */
  putWithId(id: string, blob: Blob): void {
    const known = this.assets.get(id);
    // Stored again: the grace starts over (the same picture added a second time, about to be referenced).
    if (known) known.addedAt = this.now();
    else this.assets.set(id, { id, blob, addedAt: this.now() });
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

  /**
   * Drops the assets not in `referenced` (what the document and its undo history refer to) that were
   * stored more than {@link UNREFERENCED_ASSET_GRACE_MS} ago; returns them. Listeners hear of each one.
   */
  retainOnly(referenced: Iterable<string>): StoredAsset[] {
    const keep = new Set(referenced);
    const oldEnough = this.now() - UNREFERENCED_ASSET_GRACE_MS;
    const removed: StoredAsset[] = [];
    for (const asset of [...this.assets.values()]) {
      if (keep.has(asset.id) || asset.addedAt > oldEnough) continue;
      this.assets.delete(asset.id);
      removed.push(asset);
    }
    for (const asset of removed) for (const listener of [...this.removedListeners]) listener(asset);
    return removed;
  }

  /** Calls `listener` for each asset {@link retainOnly} drops (views free what they decoded from it); returns the unsubscribe. */
  onRemoved(listener: (asset: StoredAsset) => void): () => void {
    this.removedListeners.add(listener);
    return () => this.removedListeners.delete(listener);
  }

  clear(): void {
    this.assets.clear();
  }
}
