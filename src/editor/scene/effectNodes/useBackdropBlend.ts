/**
 * Blend modes a canvas lacks (LinearBurn, Divide, … see blendPlan): the layers below are drawn
 * offscreen by the scene's `drawLayers` (the same node components, their effects included) into a
 * full-canvas backdrop; the part under this layer is resampled into the layer's local frame and
 * the layer's raster is recoloured against it (preBlend: W3C compositing with the mode's formula).
 * The result, drawn with plain source-over at the layer's opacity × blend opacity, is exact up to
 * 8-bit rounding and the resampling of a rotated layer (none when the layer is axis-aligned).
 *
 * Cost: the backdrop is rendered again only when a layer below changes (layer objects are
 * immutable, so their identities are the key) — live, 150 ms after the last such change, so a
 * drag below does not re-render it on every move; the per-layer blend (GPU, or CPU fallback)
 * redoes when the layer moves or changes, coalesced. The previous result stays on screen meanwhile.
 */
import { useRef } from 'react';
import type { Layer } from '../../../../engine/doc/types';
import type { Scene } from '../sceneContext';
import { type BlendPlan, layersKey, objectId, sceneRenderSize } from '../../render/canvasEffects';
import { localBackdrop } from '../../render/effectCanvases';
import { backdropToLocal, layerMatrix } from '../../render/localFrame';
import type { LayerRaster } from '../../render/rasterize';
import { preBlend } from '../../render/sharedRenderer';
import { useAsyncResult } from './useAsyncResult';
import { useSettled } from './useSettled';

/** Live: quiet time after the last change below a layer before its backdrop is drawn again. */
export const BACKDROP_SETTLE_MS = 150;

interface Backdrop {
  canvas: HTMLCanvasElement;
  /** Pixels per canvas pixel. */
  scale: number;
}

export function useBackdropBlend(
  layer: Layer,
  below: readonly Layer[] | undefined,
  raster: LayerRaster | null,
  plan: BlendPlan,
  scene: Scene,
): HTMLCanvasElement | null {
  const active = plan.needsBackdrop && !!below && !!raster && !!scene.drawLayers;
  const size = sceneRenderSize(scene);
  const wanted = active ? `${layersKey(below)}|${size.width}x${size.height}|${scene.canvasW}x${scene.canvasH}` : null;
  const backdropKey = useSettled(wanted, scene.preview ? BACKDROP_SETTLE_MS : 0);
  const settledBelow = useRef(below);
  if (backdropKey === wanted) settledBelow.current = below;
  const backdrop = useAsyncResult<Backdrop>(
    active ? backdropKey : null,
    async () => {
      const layers = settledBelow.current ?? [];
      const canvas = await scene.drawLayers!(layers, size);
      return { canvas, scale: canvas.width / Math.max(1, scene.canvasW) };
    },
    'backdrop render',
  );

  const mode = layer.blendParams?.mode ?? 'Normal';
  const { rect, flipH, flipV } = layer;
  const ready = active && backdrop.value && raster;
  const blendKey = ready
    ? `${objectId(backdrop.value!)}|${objectId(raster!)}|${mode}|${rect.x},${rect.y},${rect.w},${rect.h},${rect.angle}|${flipH},${flipV}`
    : null;
  const blended = useAsyncResult<HTMLCanvasElement>(
    blendKey,
    async () => {
      if (!backdrop.value || !raster) throw new Error('no backdrop');
      const toLocal = backdropToLocal(layerMatrix({ rect, flipH, flipV }, raster.box), backdrop.value.scale, raster.scale);
      return preBlend(localBackdrop(backdrop.value.canvas, toLocal, raster), raster.canvas, mode, 1);
    },
    'backdrop blend',
  );
  return active ? blended.value : null;
}
