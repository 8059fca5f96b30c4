/**
 * The crop being set on an image layer: canvas-only UI state (never in the document or history)
 * until "Apply" commits it with the image.crop command as one undo step.
 */
import type { Editor } from '../../../../engine/Editor';
import { cropImage } from '../../../../engine/commands';
import { effectiveCrop, ratioCrop, ratioValue, type CropBox, type CropRatio, type Size } from '../../../../engine/doc/crop';
import { resolveImageUri, loadImage } from '../../scene/imageCache';
import { createSmallStore } from '../../scene/smallStore';

export interface CropSession {
  layerId: string;
  natural: Size;
  /** The crop being shaped, in source pixels. */
  crop: CropBox;
  ratio: CropRatio;
}

export const cropStore = createSmallStore<CropSession | null>(null);

/** Starts cropping an image layer (loads the picture to learn its size). */
export async function startCrop(editor: Editor, layerId: string): Promise<void> {
  const layer = editor.getLayer(layerId);
  if (!layer || layer.value.valueType !== 'img') return;
  const url = resolveImageUri(layer.value.img.uri, editor.assets);
  if (!url) return;
  const image = await loadImage(url);
  const natural = { w: image.naturalWidth, h: image.naturalHeight };
  editor.select([layerId]);
  cropStore.set({ layerId, natural, crop: effectiveCrop(layer.value.img.cropRect, natural), ratio: 'free' });
}

/** Picks a ratio: the largest crop of that ratio around the current one's centre. */
export function chooseCropRatio(ratio: CropRatio): void {
  const session = cropStore.get();
  if (!session) return;
  const value = ratioValue(ratio, session.natural);
  cropStore.set({ ...session, ratio, crop: value ? ratioCrop(value, session.natural, session.crop) : session.crop });
}

/** The crop box shaped on the canvas. */
export function setCropBox(crop: CropBox): void {
  const session = cropStore.get();
  if (session) cropStore.set({ ...session, crop });
}

/** Back to the whole picture (still to be applied). */
export function resetCrop(): void {
  const session = cropStore.get();
  if (session) cropStore.set({ ...session, ratio: 'free', crop: { x: 0, y: 0, w: session.natural.w, h: session.natural.h } });
}

/** Commits the crop as one undo step and ends cropping. */
export function applyCrop(editor: Editor): void {
  const session = cropStore.get();
  cropStore.set(null);
  if (session) editor.exec(cropImage, { layerId: session.layerId, crop: session.crop, natural: session.natural });
}

export function cancelCrop(): void {
  cropStore.set(null);
}
