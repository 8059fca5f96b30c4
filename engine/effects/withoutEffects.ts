/**
 * The "original" of a design for hold-to-compare: the same layers with no filter, adjustment,
 * blend mode, outline, shadow or reflection. View-only: the result is drawn, never stored.
 */
import type { Layer } from '../doc/types';

const stripped = new WeakMap<Layer, Layer>();

/** True when the layer carries any effect that the original view drops. */
export function hasLayerEffects(layer: Layer): boolean {
  return !!(layer.filterParams || layer.adjustParams || layer.blendParams || layer.outlineParams || layer.shadowParams || layer.reflectionParams);
}

/**
 * The layer without its effects. The same input object always gives the same output object
 * (cached by identity), so memoised layer nodes do not re-render while the compare is held;
 * a layer without effects is returned as it is.
 */
export function withoutLayerEffects(layer: Layer): Layer {
  if (!hasLayerEffects(layer)) return layer;
  let plain = stripped.get(layer);
  if (!plain) {
    plain = { ...layer, filterParams: null, adjustParams: null, blendParams: null, outlineParams: null, shadowParams: null, reflectionParams: null };
    stripped.set(layer, plain);
  }
  return plain;
}
