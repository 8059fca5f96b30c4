/**
 * The "original" of a design for hold-to-compare: the same layers with no filter, adjustment,
 * blend mode, outline, shadow or reflection. View-only: the result is drawn, never stored.
 */
import type { Layer } from '../doc/types';
import { LAYER_EFFECT_KEYS } from './layerEffectFields';

const stripped = new WeakMap<Layer, Layer>();

/** True when the layer carries any effect that the original view drops. */
export function hasLayerEffects(layer: Layer): boolean {
  return LAYER_EFFECT_KEYS.some((key) => !!layer[key]);
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
    plain = { ...layer, ...Object.fromEntries(LAYER_EFFECT_KEYS.map((key) => [key, null])) };
    stripped.set(layer, plain);
  }
  return plain;
}
