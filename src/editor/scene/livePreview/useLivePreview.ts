/**
 * The live preview of the layer being edited (the one selected layer, `livePreviewStore`): its adjust +
 * filter passes drawn by the page's gl-react Surface (PreviewSurface.tsx) at the size the layer has on
 * screen, re-drawn on every parameter change with nothing read back. Returns the Surface's canvas once it
 * holds this layer's picture, else null (the layer shows useEffectedImage's result: exports, other layers,
 * no WebGL, grain).
 */
import type Konva from 'konva';
import { type RefObject, useEffect, useMemo, useState } from 'react';
import type { AdjustParams, FilterParams, Rect } from '../../../../engine/doc/types';
import { layerEffectPasses } from '../../../../engine/effects/effectStack';
import { PREVIEW_MAX_SIDE, fitLongSide, objectId } from '../../render/canvasEffects';
import { naturalSize, type PictureSource } from '../effectNodes/useEffectedImage';
import { livePreviewStore } from '../liveView';
import { useScene } from '../sceneContext';

type SurfaceModule = typeof import('./PreviewSurface');
let loading: Promise<SurfaceModule> | null = null;
let loaded: SurfaceModule | null = null;

/** localStorage key: '0' turns the live Surface off (the layer then previews through the renderers, as
 * before it existed): for the effects bench's before/after comparison and for debugging a driver. */
export const LIVE_PREVIEW_STORAGE_KEY = 'lumacut.livePreview';

function switchedOff(): boolean {
  try {
    return window.localStorage.getItem(LIVE_PREVIEW_STORAGE_KEY) === '0';
  } catch {
    return false;
  }
}

/** Display sizes are rounded up to this many pixels, so a zoom step does not resample the picture each time. */
const SIZE_STEP = 64;

const downscaled = new WeakMap<PictureSource, { key: string; canvas: HTMLCanvasElement }>();

/** The picture resampled once to `size` (the Surface samples it one texel per pixel). */
function pictureAt(picture: PictureSource, size: { width: number; height: number }): HTMLCanvasElement {
  const key = `${size.width}x${size.height}`;
  const hit = downscaled.get(picture);
  if (hit?.key === key) return hit.canvas;
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d')!;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(picture, 0, 0, size.width, size.height);
  downscaled.set(picture, { key, canvas });
  return canvas;
}

export function useLivePreview(
  layerId: string,
  picture: PictureSource | null,
  params: { adjustParams: AdjustParams | null; filterParams: FilterParams | null },
  rect: Pick<Rect, 'w' | 'h'>,
  node: RefObject<Konva.Node | null>,
): HTMLCanvasElement | null {
  const { interactive, preview, work } = useScene();
  const scale = livePreviewStore.use((live) => (live?.layerId === layerId ? live.scale : 0));
  const { adjustParams, filterParams } = params;
  const width = Math.round(Math.abs(rect.w));
  const passes = useMemo(() => layerEffectPasses({ adjustParams, filterParams }, { layerWidth: width || undefined }), [adjustParams, filterParams, width]);
  const [module, setModule] = useState<SurfaceModule | null>(loaded);
  const wanted = interactive && preview && scale > 0 && !!picture && passes.length > 0 && !switchedOff();
  useEffect(() => {
    if (!wanted || module) return;
    loading ??= import('./PreviewSurface').then((m) => (loaded = m));
    // A chunk that fails to load (offline, a CSP refusal) leaves the renderers' preview in place.
    void loading.then(setModule, (error: unknown) => console.warn(`Live effect preview unavailable: ${String(error)}`));
  }, [wanted, module]);

  const natural = picture ? naturalSize(picture) : null;
  const longSide = natural
    ? Math.min(
        PREVIEW_MAX_SIDE,
        Math.max(natural.width, natural.height),
        Math.ceil((Math.max(Math.abs(rect.w), Math.abs(rect.h)) * scale) / SIZE_STEP) * SIZE_STEP,
      )
    : 0;
  const active = wanted && !!module && module.surfaceAvailable() && module.surfaceDraws(passes);
  const size = active && natural ? fitLongSide(natural, longSide) : null;
  const key = active && size && picture ? `${objectId(picture)}@${size.width}x${size.height}` : null;
  // The canvas is shown once the Surface has drawn this layer's picture (the key it drew).
  const [drawnKey, setDrawnKey] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the picture and its size; a new key redraws
  useEffect(() => {
    if (!key || !module || !picture || !size) return undefined;
    let current = true;
    const end = work?.begin();
    const surface = module.previewSurface();
    void surface
      .show({
        source: pictureAt(picture, size),
        passes,
        onDrawn() {
          if (!current) return;
          setDrawnKey(key);
          node.current?.getLayer()?.batchDraw();
          end?.();
        },
      })
      .then((ok) => {
        if (!ok) end?.();
      });
    return () => {
      current = false;
      end?.();
    };
    // size is derived from key
  }, [key, module, passes, work]);

  useEffect(
    () => () => {
      if (key && loaded) loaded.previewSurface().clear();
    },
    [key],
  );

  return key && drawnKey === key && module ? module.previewSurface().canvas : null;
}
