/**
 * Curved text (TextValue.curve, -100..100) as an arc for Konva's TextPath.
 *
 * Mapping: the text's straight length L is laid along a circular arc whose sweep is proportional to
 * the curve value: sweep = |curve| / 100 × 360° (capped just under a full circle), so
 * radius = L / sweep = L × 100 / (2π × |curve|). curve 50 bends the text into a half circle,
 * 100 into (almost) a whole one; the radius shrinks as |curve| grows and is infinite (straight
 * text) at 0. A positive curve arches upward (∩, centre below the text), a negative one sags (∪,
 * centre above). The arc's midpoint is at (0, 0) and the path runs left to right, so glyphs stand
 * upright on top of the arch and inside the sag.
 */

/** Just under a full circle: a closed arc would start and end at the same point. */
export const MAX_SWEEP_RADIANS = (2 * Math.PI * 359) / 360;

export interface TextArc {
  /** SVG path data for TextPath. */
  data: string;
  radius: number;
  /** Sweep angle in radians. */
  sweep: number;
  /** 1 arches up, -1 sags down. */
  direction: 1 | -1;
}

/** Sweep angle (radians) for a curve value; 0 for straight text. */
export function curveSweep(curve: number): number {
  const c = Math.min(100, Math.abs(Number.isFinite(curve) ? curve : 0));
  return Math.min(MAX_SWEEP_RADIANS, (c / 100) * 2 * Math.PI);
}

/** Arc radius for text `length` px long at `curve`; Infinity when straight. */
export function curveRadius(curve: number, length: number): number {
  const sweep = curveSweep(curve);
  return sweep === 0 ? Infinity : Math.max(1, length) / sweep;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The arc for text `length` px long, or null for straight text (curve 0). The path runs `margin`
 * px further at each end than the text needs (TextPath drops a glyph that ends past the path's
 * end, and measured widths are not exact); the text is centred on it. Near a full circle the
 * radius grows just enough to leave room for the margins.
 * @example textArc(50, 314.159) // half circle of radius 100: 'M -100 100 A 100 100 0 0 1 100 100'
 */
export function textArc(curve: number, length: number, margin = 0): TextArc | null {
  const textSweep = curveSweep(curve);
  if (textSweep === 0) return null;
  const pathLength = Math.max(1, length) + 2 * Math.max(0, margin);
  const radius = Math.max(curveRadius(curve, length), pathLength / MAX_SWEEP_RADIANS);
  const sweep = Math.min(MAX_SWEEP_RADIANS, pathLength / radius);
  const direction: 1 | -1 = curve > 0 ? 1 : -1;
  const half = sweep / 2;
  const x = radius * Math.sin(half);
  // Endpoints sit below the top of the arch (or above the bottom of the sag).
  const y = direction * radius * (1 - Math.cos(half));
  const largeArc = sweep > Math.PI ? 1 : 0;
  // SVG sweep-flag 1 turns clockwise on screen (y down): over the top for an arch.
  const sweepFlag = direction === 1 ? 1 : 0;
  const data = `M ${round(-x)} ${round(y)} A ${round(radius)} ${round(radius)} 0 ${largeArc} ${sweepFlag} ${round(x)} ${round(y)}`;
  return { data, radius, sweep, direction };
}
