/**
 * A plain undo/redo history of immutable states (the refine edits). Pure: each call returns a new history,
 * so React state and tests hold it the same way.
 */
export interface History<T> {
  past: readonly T[];
  present: T;
  future: readonly T[];
}

/** Most steps kept back; older ones are dropped (each step is a small list of edits, not pixels). */
export const UNDO_LIMIT = 100;

export const historyOf = <T>(present: T): History<T> => ({ past: [], present, future: [] });

/** `next` becomes the present; the redo steps are dropped (a new edit after an undo starts a new branch). */
export function pushState<T>(h: History<T>, next: T, limit = UNDO_LIMIT): History<T> {
  const past = [...h.past, h.present];
  return { past: past.length > limit ? past.slice(past.length - limit) : past, present: next, future: [] };
}

export const canUndo = <T>(h: History<T>): boolean => h.past.length > 0;
export const canRedo = <T>(h: History<T>): boolean => h.future.length > 0;

/** One step back; the same history when there is none. */
export function undo<T>(h: History<T>): History<T> {
  if (!canUndo(h)) return h;
  return { past: h.past.slice(0, -1), present: h.past[h.past.length - 1], future: [h.present, ...h.future] };
}

/** One step forward again; the same history when there is none. */
export function redo<T>(h: History<T>): History<T> {
  if (!canRedo(h)) return h;
  return { past: [...h.past, h.present], present: h.future[0], future: h.future.slice(1) };
}
