/**
 * The outline's lines in the layer's local frame: the raster's alpha traced at the SPEC
 * interpolation scale (engine traceAlphaContours, Chaikin-smoothed), then moved outward to each
 * line's centre (engine outlineStroke: one line, or two for the double styles). Pure; the
 * Konva drawing is OutlineShapes.tsx.
 */
import type { OutlineParams } from '../../../engine/doc/types';
import { OUTLINE_INTERPOLATION_SCALE, outlineStroke, traceAlphaContours } from '../../../engine/effects/outline';
import { offsetContour } from '../../../engine/effects/outlineContours';

export interface OutlineLine {
  /** Flat [x0, y0, x1, y1, …] in content units; the line is closed. */
  points: number[];
  strokeWidth: number;
}

export interface OutlineGeometry {
  lines: OutlineLine[];
  dash: number[] | null;
  lineCap: 'round' | 'butt';
  color: string;
  /** Gaussian σ in content units (0 = sharp). */
  blur: number;
}

/**
 * Lines for `params` around the pixels of `alpha` (w×h, `scale` pixels per content unit).
 * @example outlineGeometry(alpha, 100, 100, 1, { ...defaultOutlineParams(), enabled: true, type: 1 })
 */
export function outlineGeometry(alpha: Uint8Array, w: number, h: number, scale: number, params: OutlineParams): OutlineGeometry {
  const stroke = outlineStroke(params);
  const loops = traceAlphaContours(alpha, w, h, { scale: OUTLINE_INTERPOLATION_SCALE, smooth: stroke.smooth }).map((loop) =>
    loop.map((p) => ({ x: p.x / scale, y: p.y / scale })),
  );
  const lines = stroke.offsets.flatMap((offset) =>
    loops.map((loop) => ({
      points: offsetContour(loop, offset).flatMap((p) => [p.x, p.y]),
      strokeWidth: stroke.lineWidth,
    })),
  );
  return { lines, dash: stroke.dash, lineCap: stroke.lineCap, color: stroke.color, blur: stroke.blur };
}
