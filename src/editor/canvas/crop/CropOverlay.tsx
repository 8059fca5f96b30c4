/**
 * The crop frame on the canvas while an image layer is being cropped: the whole picture, dimmed,
 * where it sits on the canvas (angle and flips included), the kept part at full strength, and a
 * box to move and resize (its ratio fixed when one is chosen). Changes go to the crop store only;
 * "Apply" in the properties panel writes them as one undo step.
 */
import type Konva from 'konva';
import { useEffect, useRef } from 'react';
import { Group, Image as KonvaImage, Rect as KonvaRect, Transformer } from 'react-konva';
import { clampCrop, effectiveCrop, ratioValue, type CropBox } from '../../../../engine/doc/crop';
import type { Editor } from '../../../../engine/Editor';
import { useEditorSelector } from '../../EditorContext';
import { resolveImageUri, useCachedImage } from '../../scene/imageCache';
import { SELECTION_COLOR } from '../SelectionTransformer';
import { cropStore, setCropBox } from './cropStore';

const CORNERS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];
const EDGES_AND_CORNERS = [...CORNERS, 'top-center', 'bottom-center', 'middle-left', 'middle-right'];

/** A crop kept to `ratio` (width ÷ height) by shrinking the side that is too long. */
function keepRatio(crop: CropBox, ratio: number | null): CropBox {
  if (!ratio) return crop;
  const w = Math.min(crop.w, crop.h * ratio);
  return { ...crop, w, h: w / ratio };
}

export function CropOverlay({ editor }: { editor: Editor }) {
  const session = cropStore.use((value) => value);
  const layer = useEditorSelector((s) => s.project.layers.find((entry) => entry.layerId === session?.layerId) ?? null);
  const img = layer?.value.valueType === 'img' ? layer.value.img : null;
  const { image } = useCachedImage(img ? resolveImageUri(img.uri, editor.assets) : null);
  const box = useRef<Konva.Rect>(null);
  const handles = useRef<Konva.Transformer>(null);

  useEffect(() => {
    if (box.current && handles.current) {
      handles.current.nodes([box.current]);
      handles.current.getLayer()?.batchDraw();
    }
  });

  if (!session || !layer || !img || !image) return null;
  const { natural, crop } = session;
  const shown = effectiveCrop(img.cropRect, natural);
  const { rect } = layer;
  // Canvas pixels per source pixel, as the layer shows the picture now.
  const sx = rect.w / shown.w;
  const sy = rect.h / shown.h;
  // The picture's top-left in the layer's own frame, whose origin is the layer's centre.
  const left = -(shown.x + shown.w / 2) * sx;
  const top = -(shown.y + shown.h / 2) * sy;
  const ratio = ratioValue(session.ratio, natural);

  const commitFrom = (node: Konva.Node) => {
    const next = {
      x: (node.x() - left) / sx,
      y: (node.y() - top) / sy,
      w: (node.width() * Math.abs(node.scaleX())) / sx,
      h: (node.height() * Math.abs(node.scaleY())) / sy,
    };
    node.scale({ x: 1, y: 1 });
    const clamped = clampCrop(keepRatio(next, ratio), natural);
    setCropBox(clamped);
    // Put the node where the clamped crop is (React may not re-render when nothing changed).
    node.position({ x: left + clamped.x * sx, y: top + clamped.y * sy });
    node.size({ width: clamped.w * sx, height: clamped.h * sy });
  };

  return (
    <Group
      x={rect.x + rect.w / 2}
      y={rect.y + rect.h / 2}
      rotation={rect.angle}
      scaleX={layer.flipH ? -1 : 1}
      scaleY={layer.flipV ? -1 : 1}
      name="crop-overlay"
    >
      {/* The whole picture, darkened, so what the crop drops is visible but clearly left out. */}
      <KonvaImage image={image} x={left} y={top} width={natural.w * sx} height={natural.h * sy} listening={false} />
      <KonvaRect x={left} y={top} width={natural.w * sx} height={natural.h * sy} fill="rgba(17, 24, 39, 0.6)" listening={false} />
      <Group clipX={left + crop.x * sx} clipY={top + crop.y * sy} clipWidth={crop.w * sx} clipHeight={crop.h * sy} listening={false}>
        <KonvaImage image={image} x={left} y={top} width={natural.w * sx} height={natural.h * sy} />
      </Group>
      <KonvaRect
        ref={box}
        name="crop-box"
        x={left + crop.x * sx}
        y={top + crop.y * sy}
        width={crop.w * sx}
        height={crop.h * sy}
        stroke="#ffffff"
        strokeWidth={1}
        strokeScaleEnabled={false}
        dash={[6, 4]}
        draggable
        onDragMove={(event) => {
          // Keep the box over the picture while it moves.
          const node = event.target;
          const w = node.width();
          const h = node.height();
          node.x(Math.max(left, Math.min(left + natural.w * sx - w, node.x())));
          node.y(Math.max(top, Math.min(top + natural.h * sy - h, node.y())));
        }}
        onDragEnd={(event) => commitFrom(event.target)}
        onTransformEnd={(event) => commitFrom(event.target)}
      />
      <Transformer
        ref={handles}
        rotateEnabled={false}
        flipEnabled={false}
        keepRatio={!!ratio}
        enabledAnchors={ratio ? CORNERS : EDGES_AND_CORNERS}
        anchorStroke={SELECTION_COLOR}
        borderStroke={SELECTION_COLOR}
        anchorSize={12}
        ignoreStroke
      />
    </Group>
  );
}
