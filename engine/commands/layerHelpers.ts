/** Small shared helpers for commands (not a command). */
import type { Editor } from '../Editor';
import { BACKGROUND_LAYER_ID } from '../spec/kinds';
import type { Layer, Rect } from '../doc/types';

/** The layer with `layerId`; throws for an unknown id (a caller bug: views only pass ids they render). */
export function requireLayer(editor: Editor, layerId: string): Layer {
  const layer = editor.getLayer(layerId);
  if (!layer) throw new Error(`Unknown layer id "${layerId}"`);
  return layer;
}

export function isBackground(layer: Layer | string): boolean {
  return (typeof layer === 'string' ? layer : layer.layerId) === BACKGROUND_LAYER_ID;
}

/** Existing layers among `ids`, in document order, without duplicates. */
export function existingLayers(editor: Editor, ids: readonly string[]): Layer[] {
  const wanted = new Set(ids);
  return editor.getLayers().filter((layer) => wanted.has(layer.layerId));
}

/** Layers among `ids` that the user may move or transform: not the background, not locked. */
export function movableLayers(editor: Editor, ids: readonly string[]): Layer[] {
  return existingLayers(editor, ids).filter((layer) => !isBackground(layer) && !layer.locked);
}

/** Whether one layer exists, is not the background and is not locked. */
export function isMovable(editor: Editor, layerId: string): boolean {
  const layer = editor.getLayer(layerId);
  return !!layer && !isBackground(layer) && !layer.locked;
}

/** Layer sizes never reach 0 (a zero-size layer cannot be selected again). */
export const MIN_LAYER_SIZE = 1;

/** A finite number or `fallback`. */
export function finite(value: number, fallback: number): number {
  return Number.isFinite(value) ? value : fallback;
}

/** `angle` in degrees normalised to (-180, 180]. */
export function normaliseAngle(angle: number): number {
  const a = ((finite(angle, 0) % 360) + 360) % 360;
  return a > 180 ? a - 360 : a;
}

/** A rect with finite numbers, a minimum size and a normalised angle. */
export function sanitiseRect(rect: Rect): Rect {
  return {
    x: finite(rect.x, 0),
    y: finite(rect.y, 0),
    w: Math.max(MIN_LAYER_SIZE, finite(rect.w, MIN_LAYER_SIZE)),
    h: Math.max(MIN_LAYER_SIZE, finite(rect.h, MIN_LAYER_SIZE)),
    angle: normaliseAngle(rect.angle),
  };
}
