/**
 * Pure z-order arithmetic for the layers panel, which lists layers top to bottom while the
 * document keeps them bottom to top with the background at 0.
 */

/** Where a dragged row lands relative to the row under the pointer, as seen in the panel. */
export type DropSide = 'above' | 'below';

/**
 * The document position (for reorderLayer's numeric `to`) that puts `draggedId` just above or
 * below `overId` in the panel; null when nothing would change or the drop is not allowed.
 * @param order layer ids bottom to top, background first
 */
export function dropPosition(order: readonly string[], draggedId: string, overId: string, side: DropSide): number | null {
  const from = order.indexOf(draggedId);
  if (from <= 0 || !order.includes(overId) || draggedId === overId) return null;
  const rest = order.filter((id) => id !== draggedId);
  const over = rest.indexOf(overId);
  // Above in the panel is higher in z-order: after it in the document array.
  const position = Math.max(1, side === 'above' ? over + 1 : over);
  return position === from ? null : position;
}

/** The side of a row the pointer is on (top half → above). */
export function sideOf(pointerY: number, rowTop: number, rowHeight: number): DropSide {
  return pointerY < rowTop + rowHeight / 2 ? 'above' : 'below';
}

/**
 * The selection after a click on `id`: a plain click selects only it, shift/ctrl/cmd toggles it
 * in the selection.
 */
export function clickSelection(current: readonly string[], id: string, additive: boolean): string[] {
  if (!additive) return [id];
  return current.includes(id) ? current.filter((other) => other !== id) : [...current, id];
}
