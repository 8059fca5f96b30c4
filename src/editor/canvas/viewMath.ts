/**
 * Pure math of the canvas view: how the document (canvasW × canvasH canvas pixels) is shown in the
 * viewport. A view is a uniform scale plus the screen position of the canvas's top-left corner:
 * screen = canvas × scale + (x, y). View state is never document state (never in the history).
 */

export interface View {
  /** Screen pixels per canvas pixel. */
  scale: number;
  /** Screen position of the canvas origin inside the viewport. */
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export const MIN_ZOOM = 0.02;
export const MAX_ZOOM = 16;
/** Screen pixels kept free around the canvas when fitting. */
export const FIT_PADDING = 32;
/** The fit padding for a viewport: FIT_PADDING, but at most 4 % of its shorter side (a phone keeps its width for the design). */
export function fitPadding(viewport: Size): number {
  return Math.max(8, Math.min(FIT_PADDING, Math.round(Math.min(viewport.width, viewport.height) * 0.04)));
}

/** One zoom-in step multiplies the scale by this. */
export const ZOOM_STEP = 1.25;

export function clampZoom(scale: number): number {
  if (!Number.isFinite(scale) || scale <= 0) return 1;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, scale));
}

/**
 * The view that shows the whole canvas centred in the viewport with `padding` screen pixels around.
 * A canvas smaller than the viewport is still scaled up to fit (as "fit to screen" does elsewhere).
 * @example fitView({ width: 1000, height: 800 }, { width: 1080, height: 1080 }, 40) // scale 0.666…, centred
 */
export function fitView(viewport: Size, canvas: Size, padding = fitPadding(viewport)): View {
  const availW = Math.max(1, viewport.width - padding * 2);
  const availH = Math.max(1, viewport.height - padding * 2);
  const scale = clampZoom(Math.min(availW / Math.max(1, canvas.width), availH / Math.max(1, canvas.height)));
  return centredView(viewport, canvas, scale);
}

/** The view at `scale` with the canvas centred in the viewport. */
export function centredView(viewport: Size, canvas: Size, scale: number): View {
  const s = clampZoom(scale);
  return { scale: s, x: (viewport.width - canvas.width * s) / 2, y: (viewport.height - canvas.height * s) / 2 };
}

/**
 * Changes the scale keeping the canvas point under the screen point `anchor` where it is
 * (Ctrl+wheel and pinch zoom about the pointer).
 */
export function zoomAt(view: View, anchor: { x: number; y: number }, scale: number): View {
  const s = clampZoom(scale);
  const canvasX = (anchor.x - view.x) / view.scale;
  const canvasY = (anchor.y - view.y) / view.scale;
  return { scale: s, x: anchor.x - canvasX * s, y: anchor.y - canvasY * s };
}

/** Screen point → canvas point. */
export function toCanvasPoint(view: View, point: { x: number; y: number }): { x: number; y: number } {
  return { x: (point.x - view.x) / view.scale, y: (point.y - view.y) / view.scale };
}

/** The wheel delta (pixels) → zoom factor; exponential so trackpads and wheels feel alike. */
export function wheelZoomFactor(deltaY: number, deltaMode = 0): number {
  const pixels = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY;
  const bounded = Math.max(-100, Math.min(100, pixels));
  return Math.exp(-bounded * 0.005);
}
