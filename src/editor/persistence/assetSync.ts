/**
 * Before a document is saved, every image it uses must be on the server: uploads the assets the
 * document refers to that this session has not uploaded yet. Uploads are idempotent on the server
 * (the id is the SHA-256 of the bytes), so a retry after a half-finished run is harmless.
 */
import type { Editor } from '../../../engine/Editor';
import { projectAssetUrl, uploadProjectAsset } from '../../api/projectsApi';
import { referencedAssetIds } from './assetRefs';
import { dropPendingAsset } from './pendingAssets';

export type UploadAsset = (pid: string, assetId: string, blob: Blob) => Promise<unknown>;

/** Uploads the not-yet-uploaded assets of the current document, one at a time; rejects on the first failure. */
export async function uploadMissingAssets(editor: Editor, pid: string, upload: UploadAsset = uploadProjectAsset): Promise<number> {
  let uploaded = 0;
  for (const id of referencedAssetIds(editor.getProject())) {
    const asset = editor.assets.get(id);
    // Not in the store: it came from the server and is still being fetched, so the server has it.
    if (!asset || asset.uploadedTo) continue;
    await upload(pid, id, asset.blob);
    editor.assets.markUploaded(id, projectAssetUrl(pid, id));
    void dropPendingAsset(pid, id);
    uploaded++;
  }
  return uploaded;
}
