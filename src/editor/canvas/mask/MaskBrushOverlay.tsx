/**
 * The mask brush on the canvas: while a mask is being painted, a drag over the layer hides (or
 * shows again) the picture, text or shape under the brush; a ring shows the brush. Strokes go to the mask canvas
 * (maskStore) and show at once; "Done" in the properties panel commits them as one undo step.
 */
import type Konva from 'konva';
import { useRef, useState } from 'react';
import { Circle, Rect as KonvaRect } from 'react-konva';
import { effectiveCrop } from '../../../../engine/doc/crop';
import type { Editor } from '../../../../engine/Editor';
import { SELECTION_COLOR } from '../SelectionTransformer';
import { useView } from '../viewStore';
import { maskStore, paintMask } from './maskStore';
import { RetouchPreview } from './RetouchPreview';

/** Large enough to catch the pointer anywhere around the canvas, in document pixels. */
const CATCH_ALL = 100_000;

export function MaskBrushOverlay({ editor }: { editor: Editor }) {
  const session = maskStore.use((value) => value);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [ring, setRing] = useState<{ x: number; y: number } | null>(null);
  // The ring is as wide on screen as the brush, whatever the zoom.
  const zoom = useView((view) => view.scale) || 1;
  if (!session) return null;

  /** The pointer in mask pixels, and the brush radius in mask pixels. */
  const toMask = (event: Konva.KonvaEventObject<PointerEvent>) => {
    const stage = event.target.getStage();
    const layer = editor.getLayer(session.layerId);
    const node = stage?.findOne(`#${session.layerId}`);
    const pointer = stage?.getPointerPosition();
    if (!stage || !layer || !node || !pointer) return null;
    const local = node.getAbsoluteTransform().copy().invert().point(pointer);
    const screenPerLocal = Math.abs(node.getAbsoluteScale().x) || 1;
    if (layer.value.valueType !== 'img') {
      // A drawn layer's mask covers its content box (the node's offset × 2), whatever the text measures.
      const box = { w: Math.max(1e-3, node.offsetX() * 2), h: Math.max(1e-3, node.offsetY() * 2) };
      const perLocal = session.canvas.width / box.w;
      return { point: { x: local.x * perLocal, y: (local.y * session.canvas.height) / box.h }, radius: (session.size / 2 / screenPerLocal) * perLocal };
    }
    const shown = effectiveCrop(layer.value.img.cropRect, session.natural);
    const perNatural = session.canvas.width / session.natural.w;
    const x = (shown.x + (local.x * shown.w) / layer.rect.w) * perNatural;
    const y = (shown.y + (local.y * shown.h) / layer.rect.h) * perNatural;
    const radius = (((session.size / 2 / screenPerLocal) * shown.w) / layer.rect.w) * perNatural;
    return { point: { x, y }, radius };
  };

  const onDown = (event: Konva.KonvaEventObject<PointerEvent>) => {
    const at = toMask(event);
    if (!at) return;
    last.current = at.point;
    paintMask(at.point, at.point, at.radius);
  };
  const onMove = (event: Konva.KonvaEventObject<PointerEvent>) => {
    const layerPoint = event.target.getLayer()?.getRelativePointerPosition();
    if (layerPoint) setRing(layerPoint);
    if (!last.current) return;
    const at = toMask(event);
    if (!at) return;
    paintMask(last.current, at.point, at.radius);
    last.current = at.point;
  };
  const onUp = () => {
    last.current = null;
  };

  const layer = editor.getLayer(session.layerId);
  return (
    <>
      {session.purpose === 'retouch' && layer && <RetouchPreview layer={layer} session={session} />}
      <KonvaRect
        name="mask-brush"
        x={-CATCH_ALL}
        y={-CATCH_ALL}
        width={CATCH_ALL * 2}
        height={CATCH_ALL * 2}
        fill="rgba(0,0,0,0)"
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={onUp}
        onPointerLeave={() => {
          onUp();
          setRing(null);
        }}
      />
      {ring && (
        <Circle
          x={ring.x}
          y={ring.y}
          radius={session.size / 2 / zoom}
          stroke={SELECTION_COLOR}
          strokeWidth={1.5}
          strokeScaleEnabled={false}
          listening={false}
        />
      )}
    </>
  );
}
