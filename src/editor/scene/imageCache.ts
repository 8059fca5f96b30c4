/**
 * Decoded images by URL, shared by every layer, the export renderer and fill textures: an image
 * used by ten layers (or by the live stage and an export) is fetched and decoded once.
 * `asset:<id>` uris resolve to an object URL of the asset's blob (one per blob).
 */
import { reportResourceProblem } from './resourceProblems';
import { useEffect, useReducer } from 'react';
import type { AssetStore } from '../../../engine/assets/AssetStore';
import { assetIdFromUri } from '../../../engine/assets/AssetStore';

export type ImageStatus = 'loading' | 'loaded' | 'error';

interface Entry {
  status: ImageStatus;
  image: HTMLImageElement | null;
  promise: Promise<HTMLImageElement>;
}

const cache = new Map<string, Entry>();
const objectUrls = new WeakMap<Blob, string>();

/**
 * The URL to load for a layer uri: an object URL for `asset:<id>` (null when the store lacks the
 * asset: the layer shows its broken-image placeholder), the uri itself otherwise.
 */
export function resolveImageUri(uri: string, assets: AssetStore | null): string | null {
  if (!uri) return null;
  const assetId = assetIdFromUri(uri);
  if (assetId === null) return uri;
  const blob = assets?.get(assetId)?.blob;
  if (!blob) return null;
  let url = objectUrls.get(blob);
  if (!url) {
    url = URL.createObjectURL(blob);
    objectUrls.set(blob, url);
  }
  return url;
}

/**
 * Frees what was decoded from an asset the editor dropped (Editor.collectUnusedAssets): its object
 * URL is revoked and its decoded image leaves the cache, so the picture's memory can be reclaimed.
 */
export function forgetAssetImage(blob: Blob): void {
  const url = objectUrls.get(blob);
  if (!url) return;
  objectUrls.delete(blob);
  cache.delete(url);
  URL.revokeObjectURL(url);
}

function needsCors(url: string): boolean {
  return !url.startsWith('blob:') && !url.startsWith('data:');
}

function startLoad(url: string): Entry {
  const image = new Image();
  // Remote pictures must come with CORS, or they would taint the canvas and break export.
  if (needsCors(url)) image.crossOrigin = 'anonymous';
  const entry: Entry = {
    status: 'loading',
    image: null,
    promise: new Promise<HTMLImageElement>((resolve, reject) => {
      image.onload = () => {
        entry.status = 'loaded';
        entry.image = image;
        resolve(image);
      };
      image.onerror = () => {
        entry.status = 'error';
        reportResourceProblem({ kind: 'image', name: url.startsWith('blob:') ? 'local image' : url.split('?')[0].split('/').pop() || url });
        reject(new Error(`image failed to load: ${url.slice(0, 120)}`));
      };
    }),
  };
  // Callers that only peek must not see an unhandled rejection.
  entry.promise.catch(() => undefined);
  image.src = url;
  return entry;
}

function entryFor(url: string): Entry {
  let entry = cache.get(url);
  if (!entry) {
    entry = startLoad(url);
    cache.set(url, entry);
  }
  return entry;
}

/** Loads (once) and resolves with the decoded image; rejects when it cannot be loaded. */
export function loadImage(url: string): Promise<HTMLImageElement> {
  return entryFor(url).promise;
}

/** The decoded image at `url` if it has already loaded (no load is started). */
export function peekImage(url: string): HTMLImageElement | null {
  return cache.get(url)?.image ?? null;
}

export interface ImageState {
  status: ImageStatus;
  image: HTMLImageElement | null;
}

const MISSING: ImageState = { status: 'error', image: null };

/** The image at `url` (null: missing), re-rendering the caller once it has loaded or failed. */
export function useCachedImage(url: string | null): ImageState {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const entry = url ? entryFor(url) : null;
  useEffect(() => {
    if (!entry || entry.status !== 'loading') return;
    let alive = true;
    const done = () => alive && rerender();
    entry.promise.then(done, done);
    return () => {
      alive = false;
    };
  }, [entry]);
  return entry ? { status: entry.status, image: entry.image } : MISSING;
}
