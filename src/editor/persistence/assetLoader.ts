/**
 * Fills the editor's asset store with the images a document refers to as `asset:<id>`: from the
 * server first, then from the offline cache (pendingAssets) for images that never reached it.
 * A few downloads run at once; one that fails leaves its id in `missing` and the rest still load.
 */
import { fetchFileIfPresent } from '../../api/http';
import type { Editor } from '../../../engine/Editor';
import { projectAssetUrl } from '../../api/projectsApi';
import { referencedAssetIds } from './assetRefs';
import { readPendingAsset } from './pendingAssets';

const PARALLEL = 4;

export interface AssetLoadResult {
  loaded: number;
  /** Ids found neither on the server nor in the offline cache. */
  missing: string[];
}

async function fetchAsset(pid: string, id: string, signal?: AbortSignal): Promise<{ blob: Blob; fromServer: boolean } | null> {
  try {
    const blob = await fetchFileIfPresent(projectAssetUrl(pid, id), signal);
    if (blob) return { blob, fromServer: true };
  } catch (error) {
    if (signal?.aborted) throw error;
  }
  const pending = await readPendingAsset(pid, id);
  return pending ? { blob: pending, fromServer: false } : null;
}

/** Loads every referenced asset the store lacks; `onProgress(done, total)` after each. */
export async function loadProjectAssets(
  editor: Editor,
  pid: string,
  options: { signal?: AbortSignal; onProgress?(done: number, total: number): void } = {},
): Promise<AssetLoadResult> {
  const wanted = referencedAssetIds(editor.getProject()).filter((id) => !editor.assets.has(id));
  const missing: string[] = [];
  let done = 0;
  let next = 0;
  const worker = async () => {
    while (next < wanted.length) {
      const id = wanted[next++];
      const found = await fetchAsset(pid, id, options.signal);
      if (found) {
        editor.assets.putWithId(id, found.blob);
        // Bytes read back from the offline cache still have to be uploaded.
        if (found.fromServer) editor.assets.markUploaded(id, projectAssetUrl(pid, id));
      } else missing.push(id);
      options.onProgress?.(++done, wanted.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, wanted.length) }, worker));
  return { loaded: wanted.length - missing.length, missing };
}
