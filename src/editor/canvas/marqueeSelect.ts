/** The marquee effects of the gesture machine: the box while dragged, and the layers it touches when released. */
import type Konva from 'konva';
import type { Editor } from '../../../engine/Editor';
import { BACKGROUND_LAYER_ID } from '../../../engine/spec/kinds';
import { marqueeStore } from './canvasStores';
import { isCanvasMovable } from '../scene/nodes/layerAttrs';
import { type Box, boxFromPoints, boxesIntersect } from './snapping';
import { getView } from './viewStore';

/** A marquee smaller than this (screen px) is a click. */
const MARQUEE_MIN_PX = 3;

export function showMarquee(origin: { x: number; y: number }, point: { x: number; y: number }): void {
  marqueeStore.set(boxFromPoints(origin, point));
}

/** The visible, movable layers (not the background) whose box touches `box` (canvas px). */
function layersTouching(editor: Editor, content: Konva.Layer, box: Box): string[] {
  return editor
    .getLayers()
    .filter((layer) => layer.layerId !== BACKGROUND_LAYER_ID && layer.visible !== false && isCanvasMovable(layer))
    .filter((layer) => {
      const node = content.findOne((n: Konva.Node) => n.name() === 'layer' && n.id() === layer.layerId);
      return !!node && boxesIntersect(box, node.getClientRect({ relativeTo: content }));
    })
    .map((layer) => layer.layerId);
}

/** Hides the marquee and selects `before` plus every layer it touches (a tiny marquee is a click: nothing). */
export function finishMarquee(
  editor: Editor,
  content: Konva.Layer | null,
  origin: { x: number; y: number },
  point: { x: number; y: number },
  before: string[],
): void {
  const box = boxFromPoints(origin, point);
  marqueeStore.set(null);
  if (Math.max(box.width, box.height) * getView().scale < MARQUEE_MIN_PX || !content) return;
  const hits = layersTouching(editor, content, box);
  editor.select([...before, ...hits.filter((id) => !before.includes(id))]);
}
