/**
 * Which effects a layer shows and with which drawing parameters (SPEC §5: only when enabled and
 * size, opacity or scope is non-zero — the engine's isXxxActive helpers decide). Pure.
 */
import { toCssColor } from '../../../engine/doc/color';
import type { Layer, OutlineParams, ReflectionParams, ShadowParams } from '../../../engine/doc/types';
import { isOutlineActive } from '../../../engine/effects/outline';
import { isReflectionActive } from '../../../engine/effects/reflection';
import { isShadowActive, shadowStyle } from '../../../engine/effects/shadow';
import { type BlendPlan, blendPlan } from './canvasEffects';

export interface LayerEffectsPlan {
  /** Flat shadow, drawn by Konva's shadow attributes on the layer's own node. */
  shadow: ShadowParams | null;
  /** 3D projected shadow, a node under the layer. */
  shadow3D: ShadowParams | null;
  outline: OutlineParams | null;
  reflection: ReflectionParams | null;
  blend: BlendPlan;
}

/** The plan for a layer's shadow, outline, reflection and blend parameters. */
export function layerEffectsPlan(layer: Pick<Layer, 'shadowParams' | 'outlineParams' | 'reflectionParams' | 'blendParams'>): LayerEffectsPlan {
  const shadow = isShadowActive(layer.shadowParams) ? layer.shadowParams : null;
  return {
    shadow: shadow && !shadow.is3DShadow ? shadow : null,
    shadow3D: shadow && shadow.is3DShadow ? shadow : null,
    outline: isOutlineActive(layer.outlineParams) ? layer.outlineParams : null,
    reflection: isReflectionActive(layer.reflectionParams) ? layer.reflectionParams : null,
    blend: blendPlan(layer.blendParams),
  };
}

/** True when the layer draws exactly as without effects (its node alone, no extra nodes). */
export function isPlainPlan(plan: LayerEffectsPlan): boolean {
  return (
    !plan.shadow &&
    !plan.shadow3D &&
    !plan.outline &&
    !plan.reflection &&
    plan.blend.compositeOp === 'source-over' &&
    !plan.blend.needsBackdrop &&
    plan.blend.opacity === 1
  );
}

/** Whether the plan needs the layer's pixels in its local frame (rasterize.ts). */
export function needsRaster(plan: LayerEffectsPlan): boolean {
  return !!plan.shadow3D || !!plan.outline || !!plan.reflection || plan.blend.needsBackdrop;
}

export interface KonvaShadowAttrs {
  shadowEnabled: boolean;
  shadowColor: string;
  shadowBlur: number;
  shadowOffsetX: number;
  shadowOffsetY: number;
  shadowOpacity: number;
  shadowForStrokeEnabled: boolean;
}

/**
 * Konva shadow attributes of a flat shadow on a layer `w`×`h` (layer px). Konva multiplies the
 * offset by the node's absolute scale, flips included, while the shadow's direction is a property
 * of the canvas (light from one side): so a flipped layer gets its offset flipped back. Canvas
 * shadows ignore rotation, which keeps the direction fixed when the layer turns.
 */
export function konvaShadowAttrs(params: ShadowParams, w: number, h: number, flipH: boolean, flipV: boolean): KonvaShadowAttrs {
  const style = shadowStyle(params, Math.abs(w), Math.abs(h));
  return {
    shadowEnabled: true,
    shadowColor: toCssColor(style.color),
    shadowBlur: style.canvasShadowBlur,
    shadowOffsetX: style.offsetX * (flipH ? -1 : 1),
    shadowOffsetY: style.offsetY * (flipV ? -1 : 1),
    shadowOpacity: style.opacity,
    shadowForStrokeEnabled: false,
  };
}
