/**
 * Layer reflection (SPEC §3 Reflection): a vertically mirrored copy of the layer's bottom part drawn below it, fading out.
 *
 * Units of the stored ReflectionParams (panel sliders, clamped):
 * - scope 0..100: the share of the layer height that is mirrored (and so the reflection's height);
 * - opacity 0..100: the reflection's opacity next to the layer; it fades linearly to 0 at its far end;
 * - distance 0..100: the gap between the layer's bottom edge and the reflection, in % of the layer height;
 * - angle -45..45 degrees: a horizontal shear of the reflection (x moves by tan(angle) per pixel below its top).
 * The other fields (y_min, y_max, rotation, innerOpacity, fixed*, radians) are derived values stored beside the inputs;
 * reflectionDerivedFields computes them. Geometry is in the layer's UNROTATED frame (canvas px): draw it inside the same
 * rotation about the layer centre as the layer itself.
 */
import type { OutlineParams, ReflectionParams, ShadowParams } from '../doc/types';
import { isOutlineActive } from './outline';
import { isShadowActive } from './shadow';

/** Shear limit of `angle`, degrees. */
export const REFLECTION_ANGLE_MAX = 45;
/** Values set when the user switches a reflection on from the defaults (all 0). */
export const REFLECTION_ON_DEFAULTS: Readonly<Pick<ReflectionParams, 'enabled' | 'scope' | 'opacity' | 'distance' | 'angle'>> = Object.freeze({
  enabled: true,
  scope: 50,
  opacity: 50,
  distance: 0,
  angle: 0,
});

const clamp = (v: number, lo: number, hi: number) => (Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : 0);

export interface ReflectionGeometry {
  /** Left and top of the reflection (before shear), its width and visible height, canvas px. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Opacity 0..1 at the top (next to the layer) and at the bottom (always 0). */
  opacityTop: number;
  opacityBottom: number;
  /** tan(angle): x' = x + skew·(y' − y). */
  skew: number;
  /** The mirrored part of the layer, in layer-local px: rows sourceY..sourceY+sourceHeight (the bottom `scope`). */
  sourceY: number;
  sourceHeight: number;
  /**
   * Canvas setTransform(a, b, c, d, e, f) from layer-local px (0..w, 0..h) to canvas px: flipped vertically so layer row
   * h lands on `y`, sheared by `skew`. Clip to `quad` (or to sourceY..h in local px) before drawing.
   */
  transform: [number, number, number, number, number, number];
  /** Reflection corners: top-left, top-right, bottom-right, bottom-left (sheared). */
  quad: Array<{ x: number; y: number }>;
}

/** Where and how the mirrored copy of a layer in `rect` is drawn (see the module comment for units). */
export function reflectionGeometry(
  params: Pick<ReflectionParams, 'scope' | 'opacity' | 'distance' | 'angle'>,
  rect: { x: number; y: number; w: number; h: number },
): ReflectionGeometry {
  const { x, w, h } = rect;
  const height = (clamp(params.scope, 0, 100) / 100) * h;
  const y = rect.y + h + (clamp(params.distance, 0, 100) / 100) * h;
  const skew = Math.tan((clamp(params.angle, -REFLECTION_ANGLE_MAX, REFLECTION_ANGLE_MAX) * Math.PI) / 180);
  // local (lx, ly) → canvas: y' = y + (h − ly); x' = x + lx + skew·(h − ly)
  const transform: ReflectionGeometry['transform'] = [1, 0, -skew, -1, x + skew * h, y + h];
  return {
    x,
    y,
    width: w,
    height,
    opacityTop: clamp(params.opacity, 0, 100) / 100,
    opacityBottom: 0,
    skew,
    sourceY: h - height,
    sourceHeight: height,
    transform,
    quad: [
      { x, y },
      { x: x + w, y },
      { x: x + w + skew * height, y: y + height },
      { x: x + skew * height, y: y + height },
    ],
  };
}

/**
 * The derived SPEC fields for `params` on a layer in `rect` (angle = the layer's rotation): y_min/y_max the reflection's
 * canvas y range (unrotated), rotation the layer angle in degrees, radians the shear angle, fixedOffset the gap and
 * fixedScope the height in px, fixedOpatity and innerOpacity the top opacity 0..1.
 */
export function reflectionDerivedFields(
  params: Pick<ReflectionParams, 'scope' | 'opacity' | 'distance' | 'angle'>,
  rect: { x: number; y: number; w: number; h: number; angle?: number },
): Pick<ReflectionParams, 'y_min' | 'y_max' | 'rotation' | 'radians' | 'fixedOffset' | 'fixedScope' | 'fixedOpatity' | 'innerOpacity'> {
  const g = reflectionGeometry(params, rect);
  return {
    y_min: g.y,
    y_max: g.y + g.height,
    rotation: rect.angle ?? 0,
    radians: Math.atan(g.skew),
    fixedOffset: g.y - (rect.y + rect.h),
    fixedScope: g.height,
    fixedOpatity: g.opacityTop,
    innerOpacity: g.opacityTop,
  };
}

/** SPEC §5: a reflection shows only when enabled with a non-zero scope and opacity. */
export function isReflectionActive(params: ReflectionParams | null | undefined): boolean {
  return !!params && params.enabled && params.scope > 0 && params.opacity > 0;
}

/**
 * SPEC §5 for any of the three drawn effects: outline (enabled, type, size), shadow (enabled, opacity) or reflection
 * (enabled, scope, opacity), told apart by their fields.
 */
export function isEffectActive(params: OutlineParams | ShadowParams | ReflectionParams | null | undefined): boolean {
  if (!params) return false;
  if ('scope' in params) return isReflectionActive(params);
  if ('size' in params) return isOutlineActive(params);
  return isShadowActive(params);
}
