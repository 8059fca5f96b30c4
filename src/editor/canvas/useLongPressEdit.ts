/**
 * Tap-and-hold on a text with a finger opens in-place editing (a touch screen has no double-click,
 * and on a phone the selection handles can cover the text). A hold is 500 ms without moving more
 * than a few pixels; a drag or a second finger cancels it.
 */
import type Konva from 'konva';
import { useRef } from 'react';
import type { Editor } from '../../../engine/Editor';
import { layerNodeOf } from './layerNodes';

export const LONG_PRESS_MS = 500;
const MOVE_TOLERANCE_PX = 8;

export function useLongPressEdit(editor: Editor, startTextEdit: (layerId: string) => void) {
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; x: number; y: number } | null>(null);

  const cancel = () => {
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
  };

  const onPointerDown = (event: Konva.KonvaEventObject<PointerEvent>) => {
    cancel();
    if (event.evt.pointerType !== 'touch' || !event.evt.isPrimary) return;
    const layerId = layerNodeOf(event.target)?.id();
    const layer = layerId ? editor.getLayer(layerId) : undefined;
    if (!layer || layer.valueType !== 'text' || layer.locked) return;
    const { clientX: x, clientY: y } = event.evt;
    pending.current = { x, y, timer: setTimeout(() => {
      pending.current = null;
      startTextEdit(layer.layerId);
    }, LONG_PRESS_MS) };
  };

  const onPointerMove = (event: Konva.KonvaEventObject<PointerEvent>) => {
    const start = pending.current;
    if (start && Math.hypot(event.evt.clientX - start.x, event.evt.clientY - start.y) > MOVE_TOLERANCE_PX) cancel();
  };

  return { onPointerDown, onPointerMove, onPointerUp: cancel, onPointerCancel: cancel };
}
