import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, historyOf, pushState, redo, undo } from './undoStack';

describe('undo stack', () => {
  it('undoes and redoes in order, and a new edit after an undo drops the redo steps', () => {
    let h = historyOf<string[]>([]);
    expect(canUndo(h)).toBe(false);
    h = pushState(h, ['click']);
    h = pushState(h, ['click', 'stroke']);
    h = undo(h);
    expect(h.present).toEqual(['click']);
    expect(canRedo(h)).toBe(true);
    h = redo(h);
    expect(h.present).toEqual(['click', 'stroke']);
    h = undo(undo(h));
    expect(h.present).toEqual([]);
    expect(undo(h)).toBe(h); // nothing further back
    h = pushState(h, ['box']);
    expect(canRedo(h)).toBe(false);
    expect(redo(h)).toBe(h);
    expect(h.past).toEqual([[]]);
  });

  it('keeps at most the limit of steps back', () => {
    let h = historyOf(0);
    for (let i = 1; i <= 10; i++) h = pushState(h, i, 3);
    expect(h.past).toEqual([7, 8, 9]);
    expect(undo(undo(undo(undo(h)))).present).toBe(7);
  });
});
