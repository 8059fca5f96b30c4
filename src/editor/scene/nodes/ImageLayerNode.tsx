/**
 * An image or sticker layer: one Konva.Image stretched to the layer's box, cropped, tinted,
 * flipped. Until its picture is there it shows a grey fill (and a broken-picture mark when the
 * picture failed), so the layer stays usable; an export leaves a missing picture out.
 * Adjust and filter parameters show the picture through the effect renderer (useEffectedImage:
 * preview size live, full resolution in export); other effects come in through `fx`.
 */
import type Konva from 'konva';
import { memo, useMemo, useRef } from 'react';
import { Image as KonvaImage } from 'react-konva';
import type { Layer } from '../../../../engine/doc/types';
import { isVectorUrl, scaleCrop } from '../../render/canvasEffects';
import { type NodeFx, fxNodeAttrs, useContentSignal } from '../effectNodes/nodeFx';
import { naturalSize, useEffectedImage } from '../effectNodes/useEffectedImage';
import { resolveImageUri, useCachedImage } from '../imageCache';
import { layerNodeAttrs } from './layerAttrs';
import { PLACEHOLDER_BROKEN_FILL, PLACEHOLDER_LOADING_FILL, brokenImageMark } from './placeholder';
import { useScene } from '../sceneContext';
import { tintedImage } from './tint';
import { maskedImage } from '../../render/maskedImage';
import { MASK_MAX_SIDE, maskStore } from '../liveView';
import { useLivePreview } from '../livePreview/useLivePreview';

/** While a layer previews live, its full effect render starts after its parameters rested this long. */
const LIVE_RENDER_DELAY_MS = 400;

export const ImageLayerNode = memo(function ImageLayerNode({ layer, fx }: { layer: Layer; fx?: NodeFx }) {
  const { assets, interactive } = useScene();
  const img = layer.value.valueType === 'img' ? layer.value.img : null;
  const url = img ? resolveImageUri(img.uri, assets) : null;
  const { status, image } = useCachedImage(url);
  const tinted = useMemo(() => (image ? (tintedImage(image, layer.overColor) ?? image) : null), [image, layer.overColor]);
  // The layer mask (SPEC §3): the stored one, or the one being painted (live preview, smaller copy).
  const { image: storedMask } = useCachedImage(layer.mask ? resolveImageUri(layer.mask.uri, assets) : null);
  const session = maskStore.use((value) => (interactive && value?.purpose === 'mask' && value.layerId === layer.layerId ? value : null));
  const maskSource = session?.canvas ?? storedMask;
  const maskVersion = session?.version ?? -1;
  const picture = useMemo(
    () => (tinted && maskSource ? maskedImage(tinted, maskSource, maskVersion, maskVersion >= 0 ? MASK_MAX_SIDE : Infinity) : tinted),
    [tinted, maskSource, maskVersion],
  );
  const { w, h } = layer.rect;
  const node = useRef<Konva.Image>(null);
  // The selected layer previews on the GPU at display size; its full render waits until the sliders rest.
  const live = useLivePreview(layer.layerId, picture, layer, layer.rect, node);
  const effected = useEffectedImage(picture, layer, layer.rect, isVectorUrl(url), live ? LIVE_RENDER_DELAY_MS : 0).image;
  const loaded = status === 'loaded' && !!picture;
  const broken = status === 'error';
  const drawn = loaded ? (live ?? effected ?? picture) : null;
  const crop = useMemo(() => {
    if (!drawn || !image || !img?.cropRect) return {};
    const natural = { x: img.cropRect.x, y: img.cropRect.y, width: img.cropRect.w, height: img.cropRect.h };
    // An effect result or a mask preview may be smaller than the picture: crop in its pixels.
    return { crop: drawn === image ? natural : scaleCrop(natural, naturalSize(image), naturalSize(drawn)) };
  }, [drawn, image, img?.cropRect]);
  const shown = drawn ?? (broken && interactive ? brokenImageMark(w, h) : null);
  const fill = loaded || !interactive ? undefined : broken ? PLACEHOLDER_BROKEN_FILL : PLACEHOLDER_LOADING_FILL;
  useContentSignal(fx, [shown, crop, fill, w, h]);
  return (
    <KonvaImage
      ref={node}
      {...layerNodeAttrs(layer, { width: w, height: h }, interactive)}
      {...fxNodeAttrs(fx, true)}
      width={w}
      height={h}
      image={shown ?? undefined}
      fill={fill}
      {...crop}
    />
  );
});
