/**
 * The 3D (projected) shadow in the layer's local frame, drawable by a 2D canvas: the engine's
 * homography (projectedShadowTransform, 45° field of view) is approximated by horizontal strips,
 * each drawn with the affine map that is exact at three of its corners, so the shadow tapers with
 * perspective (a single affine map could not). Pure math; the drawing is ProjectedShadowNode.tsx.
 */
import type { ShadowParams } from '../../../engine/doc/types';
import { type Point, applyHomography, projectedShadowTransform, shadowBlurPx } from '../../../engine/effects/shadow';
import type { BoxSize, Matrix } from './localFrame';

/** Strips the silhouette is cut into; more gives a smoother taper. */
export const SHADOW_STRIPS = 32;

export interface ShadowStrip {
  /** Source rows y0..y1 in content units. */
  y0: number;
  y1: number;
  /** Content units → content units: the strip's place on the ground. */
  matrix: Matrix;
}

export interface ProjectedShadowPlan {
  strips: ShadowStrip[];
  /** Bounds of the shadow (blur margin included) in content units. */
  bounds: { x: number; y: number; width: number; height: number };
  /** Opacity 0..1 at the contact line (the layer's bottom edge) and at the far end. */
  opacityNear: number;
  opacityFar: number;
  /** Gaussian σ in content units. */
  blur: number;
}

/** The affine map taking (0,y0) → q0, (w,y0) → q1, (0,y1) → q2. */
export function affineFromCorners(w: number, y0: number, y1: number, q0: Point, q1: Point, q2: Point): Matrix {
  const a = (q1.x - q0.x) / w;
  const b = (q1.y - q0.y) / w;
  const c = (q2.x - q0.x) / (y1 - y0);
  const d = (q2.y - q0.y) / (y1 - y0);
  return [a, b, c, d, q0.x - c * y0, q0.y - d * y0];
}

export function projectedShadowPlan(params: ShadowParams, box: BoxSize, strips = SHADOW_STRIPS): ProjectedShadowPlan {
  const { width: w, height: h } = box;
  const projection = projectedShadowTransform(params, { x: 0, y: 0, w, h });
  const step = h / strips;
  const list: ShadowStrip[] = [];
  for (let i = 0; i < strips; i++) {
    const y0 = i * step;
    const y1 = y0 + step;
    const at = (x: number, y: number) => applyHomography(projection.matrix, { x, y });
    list.push({ y0, y1, matrix: affineFromCorners(w, y0, y1, at(0, y0), at(w, y0), at(0, y1)) });
  }
  const blur = shadowBlurPx(params.blur, w, h);
  const margin = Math.ceil(blur * 3) + 1;
  const xs = projection.quad.map((p) => p.x);
  const ys = projection.quad.map((p) => p.y);
  const x = Math.min(...xs) - margin;
  const y = Math.min(...ys) - margin;
  return {
    strips: list,
    bounds: { x, y, width: Math.max(...xs) + margin - x, height: Math.max(...ys) + margin - y },
    opacityNear: projection.opacityNear,
    opacityFar: projection.opacityFar,
    blur,
  };
}
