/**
 * What EffectedLayer hands a layer's node component: a ref to its top node, the flat shadow, the
 * composite operation and opacity, and a signal the node gives when its pixels change (new
 * picture, effect result, fonts) so effects made from those pixels are redone. Layers without
 * effects get no NodeFx and draw exactly as before.
 */
import type Konva from 'konva';
import { type DependencyList, useLayoutEffect } from 'react';
import type { KonvaShadowAttrs } from '../../render/layerEffectsPlan';

export interface NodeFx {
  ref(node: Konva.Node | null): void;
  /** Flat shadow attributes for the shapes that draw the layer (null: none). */
  shadow: KonvaShadowAttrs | null;
  globalCompositeOperation: GlobalCompositeOperation;
  /** The node's opacity 0..1 (layer opacity × blend opacity; 0 while a pre-blended copy shows it). */
  opacity: number;
  /** Called after a commit that changed the node's pixels. */
  onContent(): void;
}

/** Attributes of the layer's top node that NodeFx sets (spread after layerNodeAttrs). */
export function fxNodeAttrs(fx: NodeFx | undefined, withShadow: boolean) {
  if (!fx) return {};
  return {
    ref: fx.ref,
    opacity: fx.opacity,
    globalCompositeOperation: fx.globalCompositeOperation,
    ...(withShadow && fx.shadow ? fx.shadow : {}),
  };
}

/** Tells EffectedLayer after each commit in which `deps` (what the node's pixels depend on) changed. */
export function useContentSignal(fx: NodeFx | undefined, deps: DependencyList): void {
  const onContent = fx?.onContent;
  useLayoutEffect(() => {
    onContent?.();
    // deps stand for the node's pixels; onContent is stable per EffectedLayer.
  }, [onContent, ...deps]);
}
