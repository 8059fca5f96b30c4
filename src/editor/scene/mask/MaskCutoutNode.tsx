/**
 * The layer mask of a drawn layer (text, shape): the last child of the layer's isolated group,
 * stretched over its content box, erasing ('destination-out') what the mask hides. The group's
 * isolation keeps the erasing to the layer's own pixels, on the stage and in exports alike.
 */
import { useMemo } from 'react';
import { Image as KonvaImage } from 'react-konva';
import { maskCutout } from '../../render/maskedImage';
import type { LayerMask } from './useLayerMask';

export function MaskCutoutNode({ mask, width, height }: { mask: LayerMask; width: number; height: number }) {
  const { source, version } = mask;
  const cutout = useMemo(() => (source ? maskCutout(source, version) : null), [source, version]);
  if (!cutout) return null;
  return <KonvaImage name="layer-mask" image={cutout} width={width} height={height} globalCompositeOperation="destination-out" listening={false} />;
}
