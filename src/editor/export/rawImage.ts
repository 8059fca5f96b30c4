/**
 * "Original image" download (SPEC §3 download format raw): the selected picture's own bytes, as
 * uploaded or as a tool returned them, without re-encoding. Remote pictures go through the download
 * proxy (GET /api/download), as every remote image does.
 */
import { fetchFile } from '../../api/http';
import type { Editor } from '../../../engine/Editor';
import { assetIdFromUri } from '../../../engine/assets/AssetStore';
import { resultFileName } from '../../tools/downloadName';

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif', 'image/svg+xml': 'svg' };

/** The uri of the one selected image layer, or null when the selection is not exactly one picture. */
export function selectedImageUri(editor: Editor): string | null {
  const selected = editor.getSelectedLayers();
  if (selected.length !== 1 || selected[0].value.valueType !== 'img') return null;
  return selected[0].value.img.uri;
}

/** The bytes and file name of the selected picture. */
export async function rawImageOf(editor: Editor): Promise<{ blob: Blob; name: string }> {
  const uri = selectedImageUri(editor);
  if (!uri) throw new Error('select one picture first');
  const assetId = assetIdFromUri(uri);
  let blob = assetId ? editor.assets.get(assetId)?.blob : undefined;
  if (!blob) {
    const url = uri.startsWith('/') ? uri : `/api/download?fileUrl=${encodeURIComponent(uri)}`;
    // The download proxy serves our own files only to the browser that uploaded or produced them.
    blob = await fetchFile(url, { withDevice: true });
  }
  // Named after the picture itself ("coffee-remove-background.png"), not a timestamp.
  const layer = editor.getSelectedLayers()[0];
  const original = layer?.value.valueType === 'img' ? layer.value.img.name : null;
  return { blob, name: resultFileName(original, '', EXTENSIONS[blob.type] ?? 'png') };
}
