/**
 * The live canvas's view (zoom and pan) as a tiny external store, so the toolbar (zoom buttons,
 * percentage) and the stage share it without touching the document or its history.
 * "Fit" mode fits on the first layout and when the canvas size changes, and keeps the canvas centred (its zoom
 * kept while it still fits) when the viewport changes, until the user zooms or pans.
 */
import { useSyncExternalStore } from 'react';
import { type Size, type View, ZOOM_STEP, centredView, clampZoom, fitView, zoomAt } from './viewMath';

export interface ViewState extends View {
  viewport: Size;
  canvas: Size;
  /** true while the view follows "fit to screen". */
  fitted: boolean;
}

let state: ViewState = { scale: 1, x: 0, y: 0, viewport: { width: 0, height: 0 }, canvas: { width: 1, height: 1 }, fitted: true };
const listeners = new Set<() => void>();

function set(next: ViewState): void {
  state = next;
  for (const listener of [...listeners]) listener();
}

export function getView(): ViewState {
  return state;
}

export function subscribeView(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Reads a slice of the view (re-renders only when it changes). */
export function useView<T>(selector: (view: ViewState) => T): T {
  return useSyncExternalStore(subscribeView, () => selector(state));
}

/** The zoom as a percentage, for the toolbar. */
export function useZoomPercent(): number {
  return useView((view) => Math.round(view.scale * 100));
}

/** Called by the stage when its box or the document's canvas size changes. */
export function setViewport(viewport: Size, canvas: Size): void {
  const same =
    viewport.width === state.viewport.width &&
    viewport.height === state.viewport.height &&
    canvas.width === state.canvas.width &&
    canvas.height === state.canvas.height;
  if (same) return;
  const canvasChanged = canvas.width !== state.canvas.width || canvas.height !== state.canvas.height;
  const firstLayout = state.viewport.width <= 0 || state.viewport.height <= 0;
  if (canvasChanged || firstLayout) set({ ...fitView(viewport, canvas), viewport, canvas, fitted: true });
  else if (state.fitted) {
    // A panel opening or closing resizes the viewport: the zoom stays (issue 29: it jumped each time) and the
    // canvas is centred again; it shrinks only when the canvas would no longer fit at all.
    const fits = canvas.width * state.scale <= viewport.width && canvas.height * state.scale <= viewport.height;
    const scale = fits ? state.scale : fitView(viewport, canvas).scale;
    set({ ...centredView(viewport, canvas, scale), viewport, canvas, fitted: true });
  } else set({ ...state, viewport, canvas });
}

/** Shows the whole canvas, centred. */
export function fitToScreen(): void {
  set({ ...state, ...fitView(state.viewport, state.canvas), fitted: true });
}

/** 100 %: one canvas pixel per screen pixel, centred. */
export function zoomTo100(): void {
  set({ ...state, ...centredView(state.viewport, state.canvas, 1), fitted: false });
}

/** Sets the zoom about `anchor` (screen point in the viewport; default: the viewport centre). */
export function zoomTo(scale: number, anchor?: { x: number; y: number }): void {
  const point = anchor ?? { x: state.viewport.width / 2, y: state.viewport.height / 2 };
  set({ ...state, ...zoomAt(state, point, clampZoom(scale)), fitted: false });
}

export function zoomIn(anchor?: { x: number; y: number }): void {
  zoomTo(state.scale * ZOOM_STEP, anchor);
}

export function zoomOut(anchor?: { x: number; y: number }): void {
  zoomTo(state.scale / ZOOM_STEP, anchor);
}

/** Moves the canvas by (dx, dy) screen pixels. */
export function panBy(dx: number, dy: number): void {
  if (dx === 0 && dy === 0) return;
  set({ ...state, x: state.x + dx, y: state.y + dy, fitted: false });
}

/** Sets the whole view at once (pinch gestures). */
export function setView(view: View): void {
  set({ ...state, scale: clampZoom(view.scale), x: view.x, y: view.y, fitted: false });
}
