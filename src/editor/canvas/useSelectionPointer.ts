/**
 * Selecting on the stage: a press on a layer selects it (Shift/Ctrl/⌘ adds or removes it), a press
 * on empty canvas or the background clears the selection and starts a marquee that selects every
 * layer it touches. Locked layers do not listen, so presses reach what is below them.
 */
import Konva from 'konva';
import { type RefObject } from 'react';
import type { Editor } from '../../../engine/Editor';
import { BACKGROUND_LAYER_ID } from '../../../engine/spec/kinds';
import { marqueeStore } from './canvasStores';
import type { GestureState } from './gestureState';
import { cropStore } from './crop/cropStore';
import { maskStore } from './mask/maskStore';
import { isTransformerPart, layerNodeOf } from './layerNodes';
import { isCanvasMovable } from '../scene/nodes/layerAttrs';
import { boxFromPoints, boxesIntersect } from './snapping';
import { toCanvasPoint } from './viewMath';
import { getView } from './viewStore';

/** A marquee smaller than this (screen px) is a click. */
const MARQUEE_MIN_PX = 3;

function isAdditive(evt: MouseEvent | PointerEvent | TouchEvent): boolean {
  return evt.shiftKey || evt.ctrlKey || evt.metaKey;
}

export function useSelectionPointer(
  editor: Editor,
  content: RefObject<Konva.Layer | null>,
  container: RefObject<HTMLElement | null>,
  gesture: GestureState,
  startTextEdit: (layerId: string) => void,
) {
  const canvasPoint = (evt: PointerEvent) => {
    const rect = container.current?.getBoundingClientRect();
    return toCanvasPoint(getView(), { x: evt.clientX - (rect?.left ?? 0), y: evt.clientY - (rect?.top ?? 0) });
  };

  const startMarquee = (evt: PointerEvent, additive: boolean) => {
    const before = additive ? editor.getSelectedIds() : [];
    const origin = canvasPoint(evt);
    gesture.busy = 'marquee';
    const move = (e: PointerEvent) => marqueeStore.set(boxFromPoints(origin, canvasPoint(e)));
    const up = (e: PointerEvent) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', up);
      gesture.busy = null;
      const box = boxFromPoints(origin, canvasPoint(e));
      marqueeStore.set(null);
      const { scale } = getView();
      if (Math.max(box.width, box.height) * scale < MARQUEE_MIN_PX || !content.current) return;
      const layerNode = content.current;
      const hits = editor.getLayers()
        .filter((layer) => layer.layerId !== BACKGROUND_LAYER_ID && layer.visible !== false && isCanvasMovable(layer))
        .filter((layer) => {
          const node = layerNode.findOne((n: Konva.Node) => n.name() === 'layer' && n.id() === layer.layerId);
          return !!node && boxesIntersect(box, node.getClientRect({ relativeTo: layerNode }));
        })
        .map((layer) => layer.layerId);
      editor.select([...before, ...hits.filter((id) => !before.includes(id))]);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', up);
  };

  const onPointerDown = (e: Konva.KonvaEventObject<PointerEvent>) => {
    const evt = e.evt;
    if (evt.pointerType === 'mouse' && evt.button !== 0) return;
    if (gesture.busy || isTransformerPart(e.target)) return;
    // While cropping, the crop frame owns the pointer: no selection change, no marquee.
    if (cropStore.get() || maskStore.get()) return;
    const layerId = layerNodeOf(e.target)?.id();
    const additive = isAdditive(evt);
    if (layerId && layerId !== BACKGROUND_LAYER_ID) {
      const selected = editor.getSelectedIds();
      if (additive) {
        const removing = selected.includes(layerId);
        editor.select(removing ? selected.filter((id) => id !== layerId) : [...selected, layerId]);
        gesture.cancelNextDrag = removing;
      } else if (!selected.includes(layerId)) editor.select([layerId]);
      return;
    }
    if (!additive) editor.select([]);
    startMarquee(evt, additive);
  };

  /** A click (no drag) on one layer of a multi-selection selects just that one. */
  const onClick = (e: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    gesture.cancelNextDrag = false;
    if (isAdditive(e.evt)) return;
    const layerId = layerNodeOf(e.target)?.id();
    const selected = editor.getSelectedIds();
    if (layerId && layerId !== BACKGROUND_LAYER_ID && selected.length > 1 && selected.includes(layerId)) editor.select([layerId]);
  };

  const onDblClick = (e: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    const layerId = layerNodeOf(e.target)?.id();
    const layer = layerId ? editor.getLayer(layerId) : undefined;
    if (layer && layer.valueType === 'text' && !layer.locked) startTextEdit(layer.layerId);
  };

  return { onPointerDown, onClick, onDblClick };
}
