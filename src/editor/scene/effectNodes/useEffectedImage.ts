/**
 * A picture run through its layer's adjust + filter passes (engine/effects/effectStack) by the
 * shared effect renderer (WebGL, or the CPU fallback). Live: at preview size (effectLongSide);
 * export: at full resolution. While a new result is computed the previous one stays on screen;
 * renders are coalesced (a slider drag renders the newest value after the one in flight, skipping
 * those in between); results are cached by (picture, parameters, size), so undo/redo is instant.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { AdjustParams, FilterParams, Rect } from '../../../../engine/doc/types';
import { layerEffectPasses } from '../../../../engine/effects/effectStack';
import { useScene } from '../sceneContext';
import { type Size, effectLongSide, effectParamsKey, fitLongSide, objectId } from '../../render/canvasEffects';
import { createResultCache } from '../../render/resultCache';
import { renderEffects } from '../../render/sharedRenderer';
import { useAsyncResult } from './useAsyncResult';

export type PictureSource = HTMLImageElement | HTMLCanvasElement;

const results = createResultCache<HTMLCanvasElement>();

export function naturalSize(source: PictureSource): Size {
  return source instanceof HTMLImageElement
    ? { width: source.naturalWidth || source.width, height: source.naturalHeight || source.height }
    : { width: source.width, height: source.height };
}

export interface EffectedImage {
  /** The result to show (possibly an earlier one while the newest renders); null: show the source. */
  image: HTMLCanvasElement | null;
  /** A render for the current parameters is under way. */
  busy: boolean;
}

const NONE: EffectedImage = { image: null, busy: false };

/**
 * `value` once it has not changed for `delayMs` (0: at once). Unlike useSettled the wait is not scene work:
 * a live preview is on screen meanwhile, and the render it defers is only what shows after editing.
 */
function useRested<T>(value: T, delayMs: number): T {
  const [rested, setRested] = useState(value);
  useEffect(() => {
    if (delayMs <= 0) return undefined;
    const timer = setTimeout(() => setRested(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return delayMs <= 0 ? value : rested;
}

export function useEffectedImage(
  source: PictureSource | null,
  params: { adjustParams: AdjustParams | null; filterParams: FilterParams | null },
  rect: Pick<Rect, 'w' | 'h'>,
  /** An SVG picture: rendered at its drawn size, not its nominal one. */
  vector = false,
  /** Start a render only after the parameters rested this long (the layer previews live meanwhile). */
  delayMs = 0,
): EffectedImage {
  const { preview, pixelRatio } = useScene();
  const { adjustParams, filterParams } = params;
  const width = Math.round(Math.abs(rect.w));
  const passes = useMemo(() => layerEffectPasses({ adjustParams, filterParams }, { layerWidth: width || undefined }), [adjustParams, filterParams, width]);
  // Only a blur pass depends on the layer's width (its radius follows it).
  const widthKey = passes.some((pass) => pass.kind === 'blur') ? width : 0;
  const paramsKey = useMemo(() => effectParamsKey({ adjustParams, filterParams }), [adjustParams, filterParams]);
  const longSide = source ? effectLongSide(naturalSize(source), rect, pixelRatio, preview, vector) : 0;
  const size = source ? fitLongSide(naturalSize(source), longSide, vector) : null;
  const sourceId = source ? objectId(source) : 0;
  const key = size && passes.length > 0 ? `${sourceId}|${paramsKey}@${widthKey}@${size.width}x${size.height}` : null;
  const cached = source && key ? results.get(source, key) : undefined;
  const rested = useRested(key, delayMs);
  const result = useAsyncResult<HTMLCanvasElement>(
    cached || rested !== key ? null : key,
    async () => {
      if (!source || !size || !key) throw new Error('no picture');
      const image = await renderEffects(source, passes, size, preview ? 'preview' : 'export');
      results.set(source, key, image);
      return image;
    },
    'adjust/filter render',
  );

  // What was last shown for this picture stays on screen until the new result is there.
  const lastShown = useRef<{ sourceId: number; image: HTMLCanvasElement } | null>(null);
  // No parameters, or the render failed: the picture itself.
  if (!key || (!cached && result.key === key && !result.value)) {
    lastShown.current = null;
    return NONE;
  }
  const image = cached ?? (result.key === key ? result.value : null);
  if (image) lastShown.current = { sourceId, image };
  else if (lastShown.current?.sourceId !== sourceId) lastShown.current = null;
  return { image: image ?? lastShown.current?.image ?? null, busy: !cached && result.busy };
}
