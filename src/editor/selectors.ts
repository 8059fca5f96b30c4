/**
 * Equality tests for `useEditorSelector`, so that views which do not show where a layer is do not
 * re-render on every pointer move of a drag (each move writes a new rect, a new layers array and,
 * from the engine, a new selectedIds array).
 */
import type { EditorSnapshot } from '../../engine/Editor';
import type { Layer } from '../../engine/doc/types';

/** Same ids in the same order. */
export function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a === b || (a.length === b.length && a.every((id, i) => id === b[i]));
}

/** What of a layer's rect a comparison ignores: its position only, or the whole rect. */
export type IgnoredRect = 'position' | 'rect';

function sameRect(a: Layer['rect'], b: Layer['rect'], ignore: IgnoredRect): boolean {
  if (a === b || ignore === 'rect') return true;
  const keys = Object.keys(a) as Array<keyof Layer['rect']>;
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => key === 'x' || key === 'y' || Object.is(a[key], b[key]));
}

/** Two versions of a layer that differ at most in the ignored part of their rect (fields compared shallowly: layers are immutable). */
export function sameLayerApartFrom(a: Layer | undefined, b: Layer | undefined, ignore: IgnoredRect): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = Object.keys(a) as Array<keyof Layer>;
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => (key === 'rect' ? sameRect(a.rect, b.rect, ignore) : Object.is(a[key], b[key])));
}

/** Element-wise `sameLayerApartFrom` for layer lists. */
export function sameLayersApartFrom(ignore: IgnoredRect) {
  return (a: ReadonlyArray<Layer | undefined>, b: ReadonlyArray<Layer | undefined>): boolean =>
    a === b || (a.length === b.length && a.every((layer, i) => sameLayerApartFrom(layer, b[i], ignore)));
}

/** The selected layers in document order (bottom to top). */
export function selectedLayersOf(snapshot: EditorSnapshot): Layer[] {
  const ids = snapshot.selectedIds;
  if (ids.length === 0) return [];
  return snapshot.project.layers.filter((layer) => ids.includes(layer.layerId));
}
