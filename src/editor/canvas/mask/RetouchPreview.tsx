/**
 * While an AI retouch area is painted, the strokes show over the picture in a see-through red, where
 * the picture lies on the canvas (angle, flips and crop included).
 */
import { useMemo } from 'react';
import { Image as KonvaImage } from 'react-konva';
import { effectiveCrop } from '../../../../engine/doc/crop';
import type { Layer } from '../../../../engine/doc/types';
import { layerTransformAttrs } from '../../scene/nodes/layerAttrs';
import type { MaskSession } from './maskStore';

/** The painted area as red over transparent (the black of the area canvas becomes see-through). */
function tintedArea(canvas: HTMLCanvasElement): HTMLCanvasElement {
  const out = document.createElement('canvas');
  out.width = canvas.width;
  out.height = canvas.height;
  const ctx = out.getContext('2d')!;
  ctx.drawImage(canvas, 0, 0);
  const pixels = ctx.getImageData(0, 0, out.width, out.height);
  const data = pixels.data;
  for (let i = 0; i < data.length; i += 4) {
    const painted = data[i];
    data[i] = 239;
    data[i + 1] = 68;
    data[i + 2] = 68;
    data[i + 3] = Math.round(painted * 0.55);
  }
  ctx.putImageData(pixels, 0, 0);
  return out;
}

export function RetouchPreview({ layer, session }: { layer: Layer; session: MaskSession }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: session.version marks a change to the mask canvas, which is mutated in place
  const area = useMemo(() => tintedArea(session.canvas), [session.canvas, session.version]);
  if (layer.value.valueType !== 'img') return null;
  const shown = effectiveCrop(layer.value.img.cropRect, session.natural);
  const perNatural = session.canvas.width / session.natural.w;
  const { w, h } = layer.rect;
  return (
    <KonvaImage
      {...layerTransformAttrs(layer)}
      offsetX={w / 2}
      offsetY={h / 2}
      width={w}
      height={h}
      image={area}
      crop={{ x: shown.x * perNatural, y: shown.y * perNatural, width: shown.w * perNatural, height: shown.h * perNatural }}
      listening={false}
    />
  );
}
