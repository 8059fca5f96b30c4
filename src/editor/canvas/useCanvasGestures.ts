/**
 * The pointer tools of the live stage as one machine (machines/canvasGesture.machine.ts): this hook
 * runs it with the stage's effects and turns Konva's and the browser's events into its events.
 * Selecting: a press on a layer selects it (Shift/Ctrl/⌘ adds or removes it), a press on empty
 * canvas or the background clears the selection and starts a marquee. Locked layers do not listen,
 * so presses reach what is below them.
 */
import { useActorRef } from '@xstate/react';
import Konva from 'konva';
import { useCallback, useEffect, useMemo } from 'react';
import type { Editor } from '../../../engine/Editor';
import { BACKGROUND_LAYER_ID } from '../../../engine/spec/kinds';
import { type PointerKind, type PressTarget, canvasGestureMachine } from '../../../machines/canvasGesture.machine';
import { editingTextStore } from './canvasStores';
import { cropStore } from './crop/cropStore';
import { createGestureEffects, type GestureRefs } from './gestureEffects';
import { canDragLayer } from './layerDragSession';
import { isTransformerPart, layerNodeOf } from './layerNodes';
import { maskStore } from './mask/maskStore';
import { LAYER_NODE_NAME } from '../scene/nodes/layerAttrs';
import { useNavigationListeners } from './useNavigationListeners';
import { toCanvasPoint } from './viewMath';
import { getView } from './viewStore';

type PointerLike = MouseEvent | PointerEvent | TouchEvent;
type KonvaEvent = Konva.KonvaEventObject<PointerLike>;

const isAdditive = (evt: PointerLike) => evt.shiftKey || evt.ctrlKey || evt.metaKey;

export function useCanvasGestures(editor: Editor, refs: GestureRefs) {
  const effects = useMemo(() => createGestureEffects(editor, refs), [editor, refs]);
  const actor = useActorRef(canvasGestureMachine, { input: { effects } });
  useNavigationListeners(actor, refs.container, refs.stage);

  // The text editor closes itself (commit, Escape, blur): tell the machine.
  useEffect(
    () =>
      editingTextStore.subscribe(() => {
        if (editingTextStore.get() === null) actor.send({ type: 'text.closed' });
      }),
    [actor],
  );

  const pressTarget = (target: Konva.Node): PressTarget => {
    const id = layerNodeOf(target)?.id();
    const layer = id ? editor.getLayer(id) : undefined;
    return {
      layerId: id && id !== BACKGROUND_LAYER_ID ? id : null,
      transformerPart: isTransformerPart(target),
      editableText: !!layer && layer.valueType === 'text' && !layer.locked,
    };
  };
  const canvasPoint = (evt: PointerEvent) => {
    const rect = refs.container.current?.getBoundingClientRect();
    return toCanvasPoint(getView(), { x: evt.clientX - (rect?.left ?? 0), y: evt.clientY - (rect?.top ?? 0) });
  };
  const isLayerNode = (e: Konva.KonvaEventObject<unknown>) => (e.target as Konva.Node).name() === LAYER_NODE_NAME;

  const stage = {
    onPointerDown: (e: Konva.KonvaEventObject<PointerEvent>) => {
      const evt = e.evt;
      actor.send({
        type: 'stage.down',
        pointerType: (evt.pointerType || 'mouse') as PointerKind,
        button: evt.button,
        isPrimary: evt.isPrimary,
        client: { x: evt.clientX, y: evt.clientY },
        point: canvasPoint(evt),
        target: pressTarget(e.target),
        additive: isAdditive(evt),
        selected: [...editor.getSelectedIds()],
        modeOwnsPointer: !!(cropStore.get() || maskStore.get()),
      });
    },
    onPointerMove: (e: Konva.KonvaEventObject<PointerEvent>) => actor.send({ type: 'stage.move', client: { x: e.evt.clientX, y: e.evt.clientY } }),
    onPointerUp: () => actor.send({ type: 'stage.up' }),
    onPointerCancel: () => actor.send({ type: 'stage.up' }),
    onClick: (e: KonvaEvent) =>
      actor.send({
        type: 'stage.click',
        layerId: pressTarget(e.target).layerId,
        additive: isAdditive(e.evt),
        selected: [...editor.getSelectedIds()],
      }),
    onDblClick: (e: KonvaEvent) => actor.send({ type: 'stage.dblclick', target: pressTarget(e.target) }),
  };

  const drag = {
    onDragStart: (e: Konva.KonvaEventObject<DragEvent>) => {
      if (!isLayerNode(e)) return;
      const layerId = (e.target as Konva.Node).id();
      actor.send({ type: 'drag.start', layerId, movable: canDragLayer(editor, layerId) });
    },
    onDragMove: (e: Konva.KonvaEventObject<DragEvent>) => {
      if (isLayerNode(e)) actor.send({ type: 'drag.move', altKey: !!(e.evt as MouseEvent | undefined)?.altKey });
    },
    onDragEnd: (e: Konva.KonvaEventObject<DragEvent>) => {
      if (isLayerNode(e)) actor.send({ type: 'drag.end' });
    },
  };

  const transform = {
    onTransformStart: () => actor.send({ type: 'transform.start' }),
    onTransformEnd: () => actor.send({ type: 'transform.end' }),
  };

  /** Opens the in-place text editor (Enter on a selected text). */
  const editText = useCallback((layerId: string) => actor.send({ type: 'text.edit', layerId }), [actor]);

  return { stage, drag, transform, editText };
}
