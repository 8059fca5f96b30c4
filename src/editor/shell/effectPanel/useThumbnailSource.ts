/**
 * The small picture the filter grid previews: the chosen image layer (its crop, scaled to ≤ 96 px)
 * or, without one, the sample gradient. Re-made only when the picture or its crop changes.
 */
import { useEffect, useState } from 'react';
import type { Layer } from '../../../../engine/doc/types';
import { useEditor } from '../../EditorContext';
import { loadImage, resolveImageUri } from '../../scene/imageCache';
import { sampleGradient, thumbnailSize, type Pixels } from './filterThumbs';

export interface ThumbnailSource {
  /** Identifies the picture for the thumbnail cache. */
  key: string;
  pixels: Pixels;
}

const SAMPLE: ThumbnailSource = { key: 'sample', pixels: sampleGradient() };

/** Draws the visible (cropped) part of an image into ≤ 96 px pixels. */
function shrink(image: HTMLImageElement, crop: { x: number; y: number; w: number; h: number } | null): Pixels {
  const sx = crop?.x ?? 0;
  const sy = crop?.y ?? 0;
  const sw = crop?.w ?? image.naturalWidth;
  const sh = crop?.h ?? image.naturalHeight;
  const { width, height } = thumbnailSize(sw, sh);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('2D canvas is not available');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, sx, sy, sw, sh, 0, 0, width, height);
  const { data } = context.getImageData(0, 0, width, height);
  return { data, width, height };
}

/** The preview source for `layer` (an image layer) or the sample gradient when there is none or it fails to load. */
export function useThumbnailSource(layer: Pick<Layer, 'value'> | null): ThumbnailSource {
  const editor = useEditor();
  const img = layer?.value.valueType === 'img' ? layer.value.img : null;
  const uri = img?.uri ?? '';
  const crop = img?.cropRect ?? null;
  const cropKey = crop ? `${crop.x},${crop.y},${crop.w},${crop.h}` : '';
  const [source, setSource] = useState<ThumbnailSource>(SAMPLE);

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the crop's numbers (cropKey), not on the crop object
  useEffect(() => {
    const url = uri ? resolveImageUri(uri, editor.assets) : null;
    if (!url) {
      setSource(SAMPLE);
      return;
    }
    let alive = true;
    loadImage(url)
      .then((image) => {
        if (alive) setSource({ key: `${uri}#${cropKey}`, pixels: shrink(image, crop) });
      })
      .catch(() => {
        // A missing or tainted picture still gets previews: of the sample.
        if (alive) setSource(SAMPLE);
      });
    return () => {
      alive = false;
    };
    // crop is read through cropKey: a new object with the same numbers changes nothing.
  }, [editor, uri, cropKey]);

  return source;
}
