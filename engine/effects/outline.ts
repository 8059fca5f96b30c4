/**
 * Layer outline (SPEC §3 Outline, §9): line styles and stroke parameters; the contour itself comes from
 * traceAlphaContours (outlineContours.ts), drawn as closed lines around the layer's alpha.
 *
 * Units of OutlineParams: size = stroke width in layer pixels (default 20); distance = gap in layer pixels between the
 * shape's edge and the stroke's centre line (0 = on the edge); smooth 0..8 = Chaikin smoothing iterations of the contour;
 * blur 0..8 = Gaussian σ in layer pixels of the stroke (canvas shadowBlur/filter). `scale` multiplies every length
 * (layer px → drawn px).
 */
import type { OutlineParams, OutlineType } from '../doc/types';

export { traceAlphaContours } from './outlineContours';

/** SPEC §9 outline limits. */
export const OUTLINE_INTERPOLATION_SCALE = 0.2;
export const OUTLINE_TEXTURE_CAP = 4096;
export const OUTLINE_AREA_LIMIT = 250_000;
export const OUTLINE_BLUR_MAX = 8;
export const OUTLINE_SMOOTH_MAX = 8;

export type OutlineLineStyle = 'none' | 'solid' | 'dot' | 'dash' | 'doubleSolid' | 'doubleDash';
/** Outline type → line style (SPEC §3): 0 none, 1 solid, 2 dot, 3 dash, 4 double solid, 5 double dash (dash type 2). */
export const OUTLINE_TYPES: Readonly<Record<OutlineType, OutlineLineStyle>> = Object.freeze({
  0: 'none',
  1: 'solid',
  2: 'dot',
  3: 'dash',
  4: 'doubleSolid',
  5: 'doubleDash',
});

export interface OutlineStroke {
  /** The whole outline's width (both lines and the gap, for the double styles). */
  width: number;
  /** Width of each drawn line: width, or width/3 for the double styles. */
  lineWidth: number;
  /**
   * Where each line's centre lies, in drawn px outward from the contour (the distance included): one entry, or two for
   * the double styles (outer and inner line, width/3 apart on each side of the middle).
   */
  offsets: number[];
  /** Canvas/Konva dash array in drawn px; null for solid. Dots are zero-length dashes drawn with round caps. */
  dash: number[] | null;
  lineCap: 'round' | 'butt';
  double: boolean;
  color: string;
  /** σ in drawn px (0..8 × scale). */
  blur: number;
  /** Chaikin iterations, integer 0..8. */
  smooth: number;
  /** Gap from the shape, drawn px. */
  distance: number;
}

const clamp = (v: number, lo: number, hi: number) => (Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : lo);

/**
 * Stroke parameters for an outline at `scale` (layer px → drawn px). Type 0 (or an unknown type) gives width 0.
 * Dot: [0, 2·lineWidth] with round caps (dots one line-width across, one gap apart); dash: [3·lineWidth, 2·lineWidth].
 * The stroke's centre line sits at distance + width/2 outside the edge, so the stroke touches the shape at distance 0.
 */
export function outlineStroke(params: OutlineParams, scale = 1): OutlineStroke {
  const style = OUTLINE_TYPES[params.type] ?? 'none';
  const width = style === 'none' ? 0 : Math.max(0, params.size) * scale;
  const double = style === 'doubleSolid' || style === 'doubleDash';
  const lineWidth = double ? width / 3 : width;
  const distance = Math.max(0, params.distance) * scale;
  const middle = distance + width / 2;
  const offsets = double ? [middle + width / 3, middle - width / 3] : [middle];
  let dash: number[] | null = null;
  if (style === 'dot') dash = [0, 2 * lineWidth];
  else if (style === 'dash' || style === 'doubleDash') dash = [3 * lineWidth, 2 * lineWidth];
  return {
    width,
    lineWidth,
    offsets,
    dash,
    lineCap: style === 'dot' ? 'round' : 'butt',
    double,
    color: params.color,
    blur: clamp(params.blur, 0, OUTLINE_BLUR_MAX) * scale,
    smooth: Math.round(clamp(params.smooth, 0, OUTLINE_SMOOTH_MAX)),
    distance,
  };
}

/** SPEC §5: an outline shows only when enabled, its type is not none and its size is non-zero. */
export function isOutlineActive(params: OutlineParams | null | undefined): boolean {
  return !!params && params.enabled && params.type !== 0 && params.size > 0;
}
