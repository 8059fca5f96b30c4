/**
 * A colourful text layer: the style is drawn by renderColorfulText into an offscreen canvas at the
 * scene's pixel ratio (device pixels live, export pixels offscreen) and shown as a Konva Image
 * stretched to the layer's rect. Redrawn when the text, style, size or fonts change.
 */
import { memo, useEffect, useMemo, useState } from 'react';
import { Image as KonvaImage } from 'react-konva';
import type { Layer } from '../../../../engine/doc/types';
import { cssFamilyFor } from '../../../fonts/fontLoader';
import { colorfulCanvasSize, itemText, renderColorfulText } from '../../colorfulText/renderColorfulText';
import { loadImage, peekImage } from '../imageCache';
import { materialStickerUrls, stickerUrlFor } from './colorfulStickers';
import { type NodeFx, fxNodeAttrs, useContentSignal } from '../effectNodes/nodeFx';
import { layerNodeAttrs } from './layerAttrs';
import { useScene } from '../sceneContext';
import { useFontsReady } from './useFontsReady';
import { maskedImage } from '../../render/maskedImage';
import { MASK_MAX_SIDE } from '../liveView';
import { useLayerMask } from '../mask/useLayerMask';

/** Longest side of the offscreen canvas, to bound memory on huge exports. */
const MAX_SIDE = 8192;

/** Re-renders once every sticker image of the material has loaded or failed. */
function useStickersReady(urls: readonly string[]): number {
  const [version, setVersion] = useState(0);
  const key = urls.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the URLs' text: a new array of the same URLs must not load them again
  useEffect(() => {
    if (urls.length === 0) return;
    let alive = true;
    void Promise.all(urls.map((url) => loadImage(url).catch(() => undefined))).then(() => {
      if (alive) setVersion((v) => v + 1);
    });
    return () => {
      alive = false;
    };
    // `key` stands for `urls` (a new array each render).
  }, [key]);
  return version;
}

export const ColorfulTextLayerNode = memo(function ColorfulTextLayerNode({ layer, fx }: { layer: Layer; fx?: NodeFx }) {
  const { interactive, pixelRatio } = useScene();
  const value = layer.value.valueType === 'colorfulText' ? layer.value.colorfulText : null;
  const { w, h } = layer.rect;
  const fonts = useMemo(
    () =>
      value
        ? value.material.items.flatMap((item) => (item.kind === 'text' ? [{ fontName: item.attributes.fontFileName, text: itemText(item, value.text) }] : []))
        : [],
    [value],
  );
  const fontsVersion = useFontsReady(fonts);
  const stickersVersion = useStickersReady(useMemo(() => (value ? materialStickerUrls(value.material) : []), [value]));

  // biome-ignore lint/correctness/useExhaustiveDependencies: fontsVersion and stickersVersion mark fonts and stickers loaded: the canvas is drawn again with them
  const canvas = useMemo(() => {
    if (!value || typeof document === 'undefined') return null;
    const { material } = value;
    const wanted = Math.max((w * pixelRatio) / Math.max(1, material.width), (h * pixelRatio) / Math.max(1, material.height));
    const scale = Math.min(wanted, MAX_SIDE / Math.max(1, material.width, material.height));
    const size = colorfulCanvasSize(material, scale);
    const element = document.createElement('canvas');
    element.width = size.width;
    element.height = size.height;
    const ctx = element.getContext('2d');
    if (!ctx) return null;
    renderColorfulText(ctx, material, value.text, {
      scale,
      fontFamilyFor: cssFamilyFor,
      stickerImage: (resName) => {
        const url = stickerUrlFor(resName);
        return (url && peekImage(url)) || undefined;
      },
    });
    return element;
    // fontsVersion / stickersVersion: redraw once fonts and sticker images are there.
  }, [value, w, h, pixelRatio, fontsVersion, stickersVersion]);

  // The layer mask (SPEC §3) applied to the drawn style, as on a picture.
  const mask = useLayerMask(layer);
  const shown = useMemo(
    () => (canvas && mask.source ? maskedImage(canvas, mask.source, mask.version, mask.version >= 0 ? MASK_MAX_SIDE : Infinity) : canvas),
    [canvas, mask.source, mask.version],
  );
  useContentSignal(fx, [shown, w, h]);
  // One node, even before the first draw, so selection and transforms never lose it.
  return (
    <KonvaImage {...layerNodeAttrs(layer, { width: w, height: h }, interactive)} {...fxNodeAttrs(fx, true)} image={shown ?? undefined} width={w} height={h} />
  );
});
