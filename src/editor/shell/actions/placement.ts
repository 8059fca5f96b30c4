/**
 * Where a new element goes when it is not dropped at a point: in the middle of the part of the
 * canvas the user can see (not the canvas centre, which may be panned out of view), and stepped
 * diagonally away from elements already there, so a second text never hides under the first.
 */
import type { Rect } from '../../../../engine/doc/types';
import { BACKGROUND_LAYER_ID } from '../../../../engine/spec/kinds';

/** The canvas-space box currently on screen. */
export interface VisibleBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** How far each new element steps from one it would cover: a share of the canvas' shorter side. */
export const PLACEMENT_STEP_RATIO = 0.04;
const MIN_STEP = 12;
/** Steps tried before giving up (then the element lands at the last try). */
const MAX_STEPS = 24;
/** Steps an element larger than the visible box drifts before starting over. */
const WRAP_STEPS = 5;

/** The canvas-space part of the canvas on screen, from the view (scale, pan) and the viewport. */
export function visibleCanvasBox(
  view: { scale: number; x: number; y: number; viewport: { width: number; height: number } },
  canvasW: number,
  canvasH: number,
): VisibleBox {
  if (!(view.scale > 0) || view.viewport.width <= 0 || view.viewport.height <= 0) return { x: 0, y: 0, w: canvasW, h: canvasH };
  const left = Math.max(0, -view.x / view.scale);
  const top = Math.max(0, -view.y / view.scale);
  const right = Math.min(canvasW, (view.viewport.width - view.x) / view.scale);
  const bottom = Math.min(canvasH, (view.viewport.height - view.y) / view.scale);
  // Panned completely off the canvas: use the whole canvas rather than an empty box.
  if (right <= left || bottom <= top) return { x: 0, y: 0, w: canvasW, h: canvasH };
  return { x: left, y: top, w: right - left, h: bottom - top };
}

/**
 * Places `rect` (its size kept) centred in `visible`, then steps it down-right by a few percent of
 * the canvas while its centre would sit on an existing element's centre (`taken`: their rects), whatever their sizes.
 * Steps wrap back to the top-left of the visible box, so elements never leave it.
 */
export function placeInView(rect: Rect, visible: VisibleBox, taken: Rect[], canvasW: number, canvasH: number): Rect {
  const step = Math.max(MIN_STEP, Math.round(Math.min(canvasW, canvasH) * PLACEMENT_STEP_RATIO));
  const startX = visible.x + (visible.w - rect.w) / 2;
  const startY = visible.y + (visible.h - rect.h) / 2;
  // Centres are compared, not corners: a sticker and a shape of other sizes, both centred in view, have far
  // apart corners but would still sit on top of each other (issue 29).
  const cx = (r: { x: number; w: number }) => r.x + r.w / 2;
  const cy = (r: { y: number; h: number }) => r.y + r.h / 2;
  const occupied = (x: number, y: number) =>
    taken.some((other) => Math.abs(cx(other) - (x + rect.w / 2)) < step / 2 && Math.abs(cy(other) - (y + rect.h / 2)) < step / 2);
  // One axis: `offset` past the start, wrapping within where the element stays inside the visible box
  // (an element larger than the box only drifts a few steps, then starts over).
  const along = (begin: number, low: number, size: number, room: number, offset: number) => {
    const high = low + room - size;
    if (high - low < step) return begin + (offset % (WRAP_STEPS * step));
    return low + ((begin - low + offset) % (high - low + 1));
  };
  let x = startX;
  let y = startY;
  for (let i = 1; i <= MAX_STEPS && occupied(x, y); i++) {
    x = along(startX, visible.x, rect.w, visible.w, i * step);
    y = along(startY, visible.y, rect.h, visible.h, i * step);
  }
  return { ...rect, x: Math.round(x), y: Math.round(y) };
}

/** The rects of a document's elements (everything but the background) that a new one should avoid. */
export function takenRects(layers: ReadonlyArray<{ layerId: string; rect: Rect }>): Rect[] {
  return layers.filter((layer) => layer.layerId !== BACKGROUND_LAYER_ID).map((layer) => layer.rect);
}
