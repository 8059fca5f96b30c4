import { clampCrop, effectiveCrop, isWholePicture, rectForCrop, type Size } from '../doc/crop';
import { defineCommand } from './defineCommand';
import { isMovable, requireLayer, sanitiseRect } from './layerHelpers';

export interface ApplyImageResultArgs {
  layerId: string;
  /** The result picture (`asset:<id>`) and its display name. */
  uri: string;
  name: string;
  /** Size of the picture the task was run on, and of its result. */
  natural: Size;
  result: Size;
  /**
   * Where the old picture lies in the result: offset in result pixels and result pixels per old
   * pixel (an enhancer's ×2 gives scale 2; an expansion gives the old picture's place in the larger one).
   */
  placement?: { left: number; top: number; scale: number };
  /** Show the whole result (an expansion grows the layer around what it showed), not just the old part. */
  showWhole?: boolean;
}

/**
 * Replaces an image layer's picture with an AI step's result (remove background, change background,
 * enhance, expand…) as one undo step. What the layer showed stays where it was on the canvas, at the
 * same size: an upscaled result keeps the crop (scaled), an expansion grows the layer around it.
 * @example editor.exec(applyImageResult, { layerId, uri: 'asset:…', name: 'photo.png', natural, result: natural })
 */
export const applyImageResult = defineCommand({
  name: 'image.aiResult',
  label: 'commands.image.aiResult',
  isEnabled: (editor, { layerId }: ApplyImageResultArgs) => isMovable(editor, layerId) && editor.getLayer(layerId)?.valueType === 'img',
  run(editor, { layerId, uri, name, natural, result, placement, showWhole = false }: ApplyImageResultArgs) {
    const layer = requireLayer(editor, layerId);
    if (layer.value.valueType !== 'img') throw new Error(`Layer "${layerId}" is not an image layer`);
    if (!(natural.w > 0 && natural.h > 0 && result.w > 0 && result.h > 0)) throw new Error('applyImageResult needs both picture sizes');
    const { left, top, scale } = placement ?? { left: 0, top: 0, scale: result.w / natural.w };
    const shown = effectiveCrop(layer.value.img.cropRect, natural);
    const before = { x: left + shown.x * scale, y: top + shown.y * scale, w: shown.w * scale, h: shown.h * scale };
    const after = showWhole ? { x: 0, y: 0, w: result.w, h: result.h } : clampCrop(before, result);
    const rect = sanitiseRect(rectForCrop(layer.rect, before, after, layer));
    const cropRect = isWholePicture(after, result) ? null : after;
    editor.updateLayers([
      {
        layerId,
        rect,
        valueSource: 'gpuResult',
        value: { valueType: 'img', img: { ...layer.value.img, uri, name, cropRect } },
      },
    ]);
  },
});
