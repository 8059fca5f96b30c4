import { defineCommand } from './defineCommand';
import { BACKGROUND_LAYER_ID } from '../spec/kinds';
import { coverCrop } from './setBackground';
import type { Layer } from '../doc/types';

export interface SetCanvasSizeArgs {
  canvasW: number;
  canvasH: number;
  exportW?: number;
  exportH?: number;
  canvasSizeId?: string;
  templateId?: string;
}

/** The background layer resized to the canvas; a picture background keeps covering it. */
function resizeBackground(layer: Layer, canvasW: number, canvasH: number): Layer {
  const rect = { x: 0, y: 0, w: canvasW, h: canvasH, angle: 0 };
  if (layer.value.valueType !== 'img' || !layer.value.img.cropRect) return { ...layer, rect };
  // The natural size is not stored; the old crop's box is a same-aspect stand-in for "cover".
  const { cropRect } = layer.value.img;
  const img = { ...layer.value.img, cropRect: coverCrop(cropRect.w, cropRect.h, canvasW, canvasH) };
  if (img.cropRect) img.cropRect = { ...img.cropRect, x: img.cropRect.x + cropRect.x, y: img.cropRect.y + cropRect.y };
  return { ...layer, rect, value: { valueType: 'img', img } };
}

/**
 * Changes the canvas size. The background follows the canvas; other layers keep their size and
 * their centre keeps its relative position. Export size defaults to the old export scale.
 * @example editor.exec(setCanvasSize, { canvasW: 1080, canvasH: 1920, canvasSizeId: 'story' })
 */
export const setCanvasSize = defineCommand({
  name: 'canvas.resize',
  label: 'commands.canvas.resize',
  isEnabled: (_editor, { canvasW, canvasH }: SetCanvasSizeArgs) => canvasW >= 1 && canvasH >= 1,
  run(editor, args: SetCanvasSizeArgs) {
    const canvasW = Math.round(args.canvasW);
    const canvasH = Math.round(args.canvasH);
    editor.update((project) => {
      const sx = canvasW / project.canvasW;
      const sy = canvasH / project.canvasH;
      const layers = project.layers.map((layer) => {
        if (layer.layerId === BACKGROUND_LAYER_ID) return resizeBackground(layer, canvasW, canvasH);
        const cx = (layer.rect.x + layer.rect.w / 2) * sx;
        const cy = (layer.rect.y + layer.rect.h / 2) * sy;
        return { ...layer, rect: { ...layer.rect, x: cx - layer.rect.w / 2, y: cy - layer.rect.h / 2 } };
      });
      return {
        ...project,
        canvasW,
        canvasH,
        exportW: args.exportW ?? Math.round(canvasW * (project.exportW / project.canvasW)),
        exportH: args.exportH ?? Math.round(canvasH * (project.exportH / project.canvasH)),
        canvasSizeId: args.canvasSizeId ?? project.canvasSizeId,
        templateId: args.templateId ?? project.templateId,
        layers,
      };
    });
  },
});
