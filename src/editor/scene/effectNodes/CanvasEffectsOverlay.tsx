/**
 * Canvas-wide adjustments and filter on the live stage: when they change something, the whole
 * document is drawn offscreen (the scene's `drawLayers`, the export path, at preview size), run through
 * the effect renderer and shown over the layers (not listening: the layers below still select,
 * drag and transform). Nothing is drawn or computed when they are the identity.
 *
 * Cost: one offscreen render of every layer plus one effect pass per change. A parameter change
 * keeps the previous result on screen until the new one is there; a layer change (drag, edit)
 * hides the overlay (the layers show as they are) and re-renders it 200 ms after the last change,
 * so gestures stay at full frame rate.
 */
import { memo, useMemo } from 'react';
import { Image as KonvaImage } from 'react-konva';
import type { AdjustParams, FilterParams, Layer } from '../../../../engine/doc/types';
import { useScene } from '../sceneContext';
import { effectParamsKey, layersKey, sceneRenderSize } from '../../render/canvasEffects';
import { applyCanvasEffects, canvasEffectPasses } from '../../render/canvasWideEffects';
import { useAsyncResult } from './useAsyncResult';
import { useSettled } from './useSettled';

/** Quiet time after the last layer change before the overlay is rendered again. */
export const OVERLAY_SETTLE_MS = 200;

interface Props {
  layers: readonly Layer[];
  adjustParams: AdjustParams | null;
  filterParams: FilterParams | null;
  /** Not drawn (hold-to-compare shows the original), but its render is kept. */
  hidden?: boolean;
}

export const CanvasEffectsOverlay = memo(function CanvasEffectsOverlay({ layers, adjustParams, filterParams, hidden = false }: Props) {
  const scene = useScene();
  const { canvasW, canvasH, drawLayers } = scene;
  const active = useMemo(
    () => !!drawLayers && canvasEffectPasses({ adjustParams, filterParams, canvasW }).length > 0,
    [drawLayers, adjustParams, filterParams, canvasW],
  );
  const currentLayers = active ? layersKey(layers) : '';
  const settledLayers = useSettled(currentLayers, OVERLAY_SETTLE_MS);
  const size = sceneRenderSize(scene);
  const paramsKey = useMemo(() => effectParamsKey({ adjustParams, filterParams }), [adjustParams, filterParams]);
  const key = active && settledLayers === currentLayers ? `${settledLayers}#${paramsKey}#${size.width}x${size.height}` : null;
  const result = useAsyncResult<HTMLCanvasElement>(
    key,
    async () => {
      const composite = await drawLayers!(layers, size);
      return applyCanvasEffects(composite, { adjustParams, filterParams, canvasW }, 'preview');
    },
    'canvas-wide effects',
  );
  // Shown when it is of the current layers (its parameters may be a step behind while a slider moves).
  const fresh = active && !!result.key && result.key.startsWith(`${currentLayers}#`);
  // Hidden (hold-to-compare) keeps the rendered result, so letting go shows it again at once.
  if (hidden || !fresh || !result.value) return null;
  return <KonvaImage name="fx-canvas" image={result.value} width={canvasW} height={canvasH} listening={false} />;
});
