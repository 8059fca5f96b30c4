/**
 * The layer's own ("local") frame: its content box from (0,0) to (width,height), before rotation,
 * flips and position. Effects made from the layer's pixels (outline, 3D shadow, reflection, the
 * pre-blended copy) are computed in this frame and drawn in a group with the layer's transform.
 * Pure 2D affine math, matrices as canvas [a, b, c, d, e, f] (x' = a·x + c·y + e, y' = b·x + d·y + f).
 */
import type { Layer } from '../../../engine/doc/types';

export type Matrix = [number, number, number, number, number, number];

export interface BoxSize {
  width: number;
  height: number;
}

/** a ∘ b: apply b first, then a. */
export function multiply(a: Matrix, b: Matrix): Matrix {
  return [
    a[0] * b[0] + a[2] * b[1],
    a[1] * b[0] + a[3] * b[1],
    a[0] * b[2] + a[2] * b[3],
    a[1] * b[2] + a[3] * b[3],
    a[0] * b[4] + a[2] * b[5] + a[4],
    a[1] * b[4] + a[3] * b[5] + a[5],
  ];
}

export function invert(m: Matrix): Matrix {
  const det = m[0] * m[3] - m[1] * m[2];
  if (!det) throw new Error('matrix is not invertible');
  const [a, b, c, d, e, f] = m;
  return [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det];
}

export function applyTo(m: Matrix, x: number, y: number): { x: number; y: number } {
  return { x: m[0] * x + m[2] * y + m[4], y: m[1] * x + m[3] * y + m[5] };
}

/**
 * Local content coordinates → canvas (document) coordinates, as Konva places the layer's node
 * (layerAttrs.ts): centred on the rect's centre, rotated by rect.angle (degrees clockwise),
 * flipped about the centre, the content box `box` drawn from its own (0,0).
 */
export function layerMatrix(layer: Pick<Layer, 'rect' | 'flipH' | 'flipV'>, box: BoxSize): Matrix {
  const rad = ((layer.rect.angle || 0) * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const sx = layer.flipH ? -1 : 1;
  const sy = layer.flipV ? -1 : 1;
  const cx = layer.rect.x + layer.rect.w / 2;
  const cy = layer.rect.y + layer.rect.h / 2;
  // translate(cx, cy) · rotate · scale(sx, sy) · translate(−box/2)
  const linear: Matrix = [cos * sx, sin * sx, -sin * sy, cos * sy, 0, 0];
  const centred = multiply(linear, [1, 0, 0, 1, -box.width / 2, -box.height / 2]);
  return [centred[0], centred[1], centred[2], centred[3], centred[4] + cx, centred[5] + cy];
}

/**
 * The matrix that draws a full-canvas image rendered at `backdropScale` pixels per canvas pixel
 * into the layer's local frame rendered at `localScale` pixels per content unit: the pixels below
 * the layer, as the layer's own pixels see them.
 */
export function backdropToLocal(layerToCanvas: Matrix, backdropScale: number, localScale: number): Matrix {
  const toLocalPixels = multiply([localScale, 0, 0, localScale, 0, 0], invert(layerToCanvas));
  return multiply(toLocalPixels, [1 / backdropScale, 0, 0, 1 / backdropScale, 0, 0]);
}

/** Axis-aligned bounds (canvas coordinates) of the content box under `m`. */
export function transformedBounds(m: Matrix, box: BoxSize): { x: number; y: number; width: number; height: number } {
  const corners = [applyTo(m, 0, 0), applyTo(m, box.width, 0), applyTo(m, 0, box.height), applyTo(m, box.width, box.height)];
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}
