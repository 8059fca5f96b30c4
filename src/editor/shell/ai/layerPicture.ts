/**
 * The picture of an image layer as a file for an AI task, and the task's result put back into the
 * layer (one undo step, applyImageResult): the editor's side of the in-editor AI steps.
 */
import { fetchFile } from '../../../api/http';
import type { Editor } from '../../../../engine/Editor';
import { assetIdFromUri } from '../../../../engine/assets/AssetStore';
import { applyImageResult } from '../../../../engine/commands';
import type { Size } from '../../../../engine/doc/crop';
import { resolveImageUri } from '../../scene/imageCache';
import { storeImage } from '../actions/addContent';
import { imageSizeOf } from '../actions/readImageFile';

/** A file name's stem: "coffee.jpg" → "coffee". */
export function fileStem(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const stem = base.replace(/\.[a-z0-9]{1,5}$/i, '').trim();
  return stem || 'photo';
}

/** The layer's current picture as a File (from the asset store, else fetched from its URL). */
export async function layerPictureFile(editor: Editor, layerId: string): Promise<File> {
  const layer = editor.getLayer(layerId);
  if (!layer || layer.value.valueType !== 'img') throw new Error('not an image layer');
  const { uri, name } = layer.value.img;
  const id = assetIdFromUri(uri);
  let blob = id ? editor.assets.get(id)?.blob : undefined;
  if (!blob) {
    blob = await fetchFile(resolveImageUri(uri, editor.assets) ?? uri, { what: 'picture unavailable' });
  }
  const type = blob.type || 'image/png';
  const ext = type.split('/')[1]?.replace('jpeg', 'jpg') ?? 'png';
  return new File([blob], `${fileStem(name)}.${ext}`, { type });
}

async function sizeOfBlob(blob: Blob): Promise<Size> {
  const url = URL.createObjectURL(blob);
  try {
    const { width, height } = await imageSizeOf(url);
    return { w: width, h: height };
  } finally {
    URL.revokeObjectURL(url);
  }
}

export interface ResultFit {
  /** Show the whole result, growing the layer around what it showed (an expansion). */
  expand?: boolean;
}

/**
 * Puts an AI step's result into the layer it was run on, as one undo step. The result is named after
 * the original file and the step ("coffee-remove-background.png"). Resolves with the picture's new `asset:` uri.
 */
export async function applyResultToLayer(editor: Editor, layerId: string, source: File, result: Blob, step: string, fit: ResultFit = {}): Promise<string> {
  const [natural, resultSize] = await Promise.all([sizeOfBlob(source), sizeOfBlob(result)]);
  const uri = await storeImage(editor, { blob: result });
  const ext = result.type === 'image/jpeg' ? 'jpg' : 'png';
  const name = `${fileStem(source.name)}-${step}.${ext}`;
  // An expansion keeps the photo at its size, in the middle of the free space (position 0.5, 0.5).
  const placement = fit.expand ? { left: Math.round((resultSize.w - natural.w) / 2), top: Math.round((resultSize.h - natural.h) / 2), scale: 1 } : undefined;
  editor.exec(applyImageResult, { layerId, uri, name, natural, result: resultSize, placement, showWhole: !!fit.expand });
  return uri;
}
