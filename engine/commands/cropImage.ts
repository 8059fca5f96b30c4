import { clampCrop, effectiveCrop, isWholePicture, rectForCrop, type CropBox, type Size } from '../doc/crop';
import { defineCommand } from './defineCommand';
import { isMovable, requireLayer, sanitiseRect } from './layerHelpers';

export interface CropImageArgs {
  layerId: string;
  /** The new crop in source-image pixels; null (or the whole picture) removes the crop. */
  crop: CropBox | null;
  /** The picture's own size in pixels (the document does not store it). */
  natural: Size;
}

/**
 * Crops an image layer (SPEC §3 `cropRect`) as one undo step. The part of the picture that stays
 * keeps its place and scale on the canvas, so the layer's box follows the crop.
 * @example editor.exec(cropImage, { layerId, crop: { x: 50, y: 0, w: 300, h: 300 }, natural: { w: 400, h: 300 } })
 */
export const cropImage = defineCommand({
  name: 'image.crop',
  label: 'commands.image.crop',
  isEnabled: (editor, { layerId }: CropImageArgs) => isMovable(editor, layerId) && editor.getLayer(layerId)?.valueType === 'img',
  run(editor, { layerId, crop, natural }: CropImageArgs) {
    const layer = requireLayer(editor, layerId);
    if (layer.value.valueType !== 'img') throw new Error(`Layer "${layerId}" is not an image layer`);
    if (!(natural.w > 0 && natural.h > 0)) throw new Error('cropImage needs the picture size');
    const img = layer.value.img;
    const before = effectiveCrop(img.cropRect, natural);
    const after = clampCrop(crop ?? { x: 0, y: 0, w: natural.w, h: natural.h }, natural);
    const rect = sanitiseRect(rectForCrop(layer.rect, before, after, layer));
    const cropRect = isWholePicture(after, natural) ? null : after;
    editor.updateLayers([{ layerId, rect, value: { valueType: 'img', img: { ...img, cropRect } } }]);
  },
});
