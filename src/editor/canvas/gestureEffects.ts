/**
 * The live stage's side of the gesture machine (machines/canvasGesture.machine.ts): what each
 * effect does to the Konva nodes, the view store and the editor.
 */
import type Konva from 'konva';
import type { RefObject } from 'react';
import type { Editor } from '../../../engine/Editor';
import type { GestureEffects } from '../../../machines/canvasGesture.machine';
import { editingTextStore } from './canvasStores';
import { createLayerDrag } from './layerDragSession';
import { finishMarquee, showMarquee } from './marqueeSelect';
import { finishTransform } from './transformEnd';
import { zoomAt } from './viewMath';
import { type ViewState, getView, panBy, setView } from './viewStore';

export interface GestureRefs {
  container: RefObject<HTMLElement | null>;
  stage: RefObject<Konva.Stage | null>;
  content: RefObject<Konva.Layer | null>;
  transformer: RefObject<Konva.Transformer | null>;
}

export function createGestureEffects(editor: Editor, refs: GestureRefs): GestureEffects {
  const drag = createLayerDrag(editor, refs.content);
  let pinchView: ViewState = getView();
  return {
    select: (ids) => editor.select(ids),
    setGrabCursor: (on) => {
      if (refs.container.current) refs.container.current.style.cursor = on ? 'grab' : '';
    },
    panBy,
    beginPinch: () => {
      pinchView = getView();
    },
    pinchTo: (from, now) => {
      const zoomed = zoomAt(pinchView, from.mid, (pinchView.scale * now.dist) / from.dist);
      setView({ scale: zoomed.scale, x: zoomed.x + now.mid.x - from.mid.x, y: zoomed.y + now.mid.y - from.mid.y });
    },
    stopLayerDrags: () => {
      for (const node of refs.stage.current?.find('.layer') ?? []) if (node.isDragging()) node.stopDrag();
    },
    showMarquee,
    finishMarquee: (origin, point, before) => finishMarquee(editor, refs.content.current, origin, point, before),
    beginDrag: drag.begin,
    refuseDrag: drag.refuse,
    moveDrag: drag.move,
    endDrag: drag.end,
    stopTransform: () => refs.transformer.current?.stopTransform(),
    endTransform: (cancelled) => finishTransform(editor, refs.transformer.current, cancelled),
    openTextEditor: (layerId) => {
      editor.select([layerId]);
      editingTextStore.set(layerId);
    },
  };
}
