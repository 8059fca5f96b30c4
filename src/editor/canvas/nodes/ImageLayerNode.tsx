/**
 * An image or sticker layer: one Konva.Image stretched to the layer's box, cropped, tinted,
 * flipped. Until its picture is there it shows a grey fill (and a broken-picture mark when the
 * picture failed), so the layer stays usable; an export leaves a missing picture out.
 */
import { memo, useMemo } from 'react';
import { Image as KonvaImage } from 'react-konva';
import type { Layer } from '../../../../engine/doc/types';
import { resolveImageUri, useCachedImage } from '../imageCache';
import { layerNodeAttrs } from './layerAttrs';
import { PLACEHOLDER_BROKEN_FILL, PLACEHOLDER_LOADING_FILL, brokenImageMark } from './placeholder';
import { useScene } from './sceneContext';
import { tintedImage } from './tint';

export const ImageLayerNode = memo(function ImageLayerNode({ layer }: { layer: Layer }) {
  const { assets, interactive } = useScene();
  const img = layer.value.valueType === 'img' ? layer.value.img : null;
  const url = img ? resolveImageUri(img.uri, assets) : null;
  const { status, image } = useCachedImage(url);
  const picture = useMemo(() => (image ? tintedImage(image, layer.overColor) ?? image : null), [image, layer.overColor]);
  const { w, h } = layer.rect;
  const loaded = status === 'loaded' && !!picture;
  const broken = status === 'error';
  const crop = loaded && img?.cropRect ? { crop: { x: img.cropRect.x, y: img.cropRect.y, width: img.cropRect.w, height: img.cropRect.h } } : {};
  const shown = loaded ? picture : broken && interactive ? brokenImageMark(w, h) : null;
  const fill = loaded || !interactive ? undefined : broken ? PLACEHOLDER_BROKEN_FILL : PLACEHOLDER_LOADING_FILL;
  return (
    <KonvaImage
      {...layerNodeAttrs(layer, { width: w, height: h }, interactive)}
      width={w}
      height={h}
      image={shown ?? undefined}
      fill={fill}
      {...crop}
    />
  );
});
