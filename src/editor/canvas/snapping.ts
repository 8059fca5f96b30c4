/**
 * Snapping while dragging: the moving box's edges and centre snap to guide lines (the canvas's
 * edges and centre) when they come within a threshold. All values are in canvas pixels; the caller
 * converts the screen threshold (SNAP_THRESHOLD_PX) with the view scale.
 */

/** How close, in screen pixels, an edge or centre must come to a guide to snap. */
export const SNAP_THRESHOLD_PX = 6;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A guide line: 'V' is vertical (at x = pos), 'H' horizontal (at y = pos). */
export interface Guide {
  orientation: 'V' | 'H';
  pos: number;
}

export interface SnapTargets {
  vertical: number[];
  horizontal: number[];
}

export interface SnapResult {
  /** Correction to add to the box position. */
  dx: number;
  dy: number;
  /** The guides the snapped box touches, for drawing. */
  guides: Guide[];
}

/** The canvas's edges and centre lines. */
export function canvasSnapTargets(canvasW: number, canvasH: number): SnapTargets {
  return { vertical: [0, canvasW / 2, canvasW], horizontal: [0, canvasH / 2, canvasH] };
}

/** Closest (target − line) within threshold over all pairs, or null. */
function bestOffset(lines: number[], targets: number[], threshold: number): number | null {
  let best: number | null = null;
  for (const line of lines) {
    for (const target of targets) {
      const diff = target - line;
      if (Math.abs(diff) <= threshold && (best === null || Math.abs(diff) < Math.abs(best))) best = diff;
    }
  }
  return best;
}

const EPSILON = 1e-6;

/**
 * How far to shift `box` so its nearest edge or centre lands on a guide (per axis), and which
 * guides it then touches.
 * @example snapBox({ x: 3, y: 50, width: 100, height: 100 }, canvasSnapTargets(1000, 1000), 6)
 * // { dx: -3, dy: 0, guides: [{ orientation: 'V', pos: 0 }] }
 */
export function snapBox(box: Box, targets: SnapTargets, threshold: number): SnapResult {
  const xs = [box.x, box.x + box.width / 2, box.x + box.width];
  const ys = [box.y, box.y + box.height / 2, box.y + box.height];
  const dx = bestOffset(xs, targets.vertical, threshold) ?? 0;
  const dy = bestOffset(ys, targets.horizontal, threshold) ?? 0;
  const guides: Guide[] = [];
  for (const target of targets.vertical) {
    if (xs.some((line) => Math.abs(line + dx - target) < EPSILON)) guides.push({ orientation: 'V', pos: target });
  }
  for (const target of targets.horizontal) {
    if (ys.some((line) => Math.abs(line + dy - target) < EPSILON)) guides.push({ orientation: 'H', pos: target });
  }
  return { dx, dy, guides };
}

/** The smallest box holding all `boxes` (null for none). */
export function unionBox(boxes: readonly Box[]): Box | null {
  if (boxes.length === 0) return null;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const b of boxes) {
    minX = Math.min(minX, b.x);
    minY = Math.min(minY, b.y);
    maxX = Math.max(maxX, b.x + b.width);
    maxY = Math.max(maxY, b.y + b.height);
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

/** Whether two boxes overlap (touching edges count), for marquee selection. */
export function boxesIntersect(a: Box, b: Box): boolean {
  return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;
}

/** The normalised box between two points (a marquee dragged in any direction). */
export function boxFromPoints(a: { x: number; y: number }, b: { x: number; y: number }): Box {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
}
