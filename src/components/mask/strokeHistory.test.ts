import { describe, expect, it } from 'vitest';
import {
  canRedo,
  canUndo,
  emptyHistory,
  extendStroke,
  HISTORY_LIMIT,
  isMaskEmpty,
  pushEdit,
  redo,
  tapsOf,
  undo,
  visibleEdits,
  withoutEdit,
  type StrokeOp,
  type TapOp,
} from './strokeHistory';
import { historyChord } from './historyChord';

const stroke = (x: number, mode: StrokeOp['mode'] = 'paint'): StrokeOp => ({ kind: 'stroke', mode, size: 20, points: [[x, 0]] });

describe('stroke history', () => {
  it('undoes and redoes strokes in order', () => {
    let h = pushEdit(pushEdit(emptyHistory(), stroke(1)), stroke(2));
    expect(visibleEdits(h)).toEqual([stroke(1), stroke(2)]);
    h = undo(h);
    expect(visibleEdits(h)).toEqual([stroke(1)]);
    expect(canRedo(h)).toBe(true);
    h = redo(h);
    expect(visibleEdits(h)).toEqual([stroke(1), stroke(2)]);
    expect(canRedo(h)).toBe(false);
  });

  it('forgets the redo branch when a new stroke is drawn after an undo', () => {
    let h = pushEdit(pushEdit(emptyHistory(), stroke(1)), stroke(2));
    h = pushEdit(undo(h), stroke(3));
    expect(canRedo(h)).toBe(false);
    expect(visibleEdits(h)).toEqual([stroke(1), stroke(3)]);
  });

  it('makes Clear undoable', () => {
    let h = pushEdit(pushEdit(emptyHistory(), stroke(1)), { kind: 'mask', source: 'detected-1' });
    h = pushEdit(h, { kind: 'clear' });
    expect(visibleEdits(h)).toEqual([]);
    expect(isMaskEmpty(h)).toBe(true);
    h = undo(h);
    expect(visibleEdits(h)).toHaveLength(2);
    expect(isMaskEmpty(h)).toBe(false);
  });

  it('ignores a Clear of an empty mask and a stroke without points', () => {
    const h = pushEdit(pushEdit(emptyHistory(), { kind: 'clear' }), { ...stroke(1), points: [] });
    expect(canUndo(h)).toBe(false);
  });

  it('counts only painting as mask content', () => {
    const h = pushEdit(emptyHistory(), stroke(1, 'erase'));
    expect(isMaskEmpty(h)).toBe(true);
    expect(isMaskEmpty(pushEdit(h, stroke(2)))).toBe(false);
  });

  it('counts a tap that selects as mask content, a "leave out" tap alone not', () => {
    const out: TapOp = { kind: 'tap', x: 5, y: 5, include: false };
    const h = pushEdit(emptyHistory(), out);
    expect(isMaskEmpty(h)).toBe(true);
    expect(isMaskEmpty(pushEdit(h, { ...out, include: true }))).toBe(false);
  });

  it('undoes a tap like a stroke, and a Clear starts a new selection', () => {
    const a: TapOp = { kind: 'tap', x: 1, y: 1, include: true };
    const b: TapOp = { kind: 'tap', x: 2, y: 2, include: false };
    let h = pushEdit(pushEdit(pushEdit(emptyHistory(), a), stroke(1)), b);
    expect(tapsOf(visibleEdits(h))).toEqual([a, b]);
    expect(tapsOf(visibleEdits(undo(h)))).toEqual([a]);
    h = pushEdit(pushEdit(h, { kind: 'clear' }), { ...a, x: 9 });
    expect(tapsOf(visibleEdits(h))).toEqual([{ ...a, x: 9 }]);
  });

  it('takes back one given edit wherever it stands, keeping the others and the redo steps', () => {
    const a: TapOp = { kind: 'tap', x: 1, y: 1, include: true };
    const b: TapOp = { kind: 'tap', x: 1, y: 1, include: true }; // equal, but another tap
    const h = undo(pushEdit(pushEdit(pushEdit(pushEdit(emptyHistory(), a), b), stroke(1)), stroke(2)));
    const dropped = withoutEdit(h, b);
    expect(dropped.done).toEqual([a, stroke(1)]);
    expect(dropped.done[0]).toBe(a);
    expect(dropped.undone).toEqual([stroke(2)]);
    expect(withoutEdit(dropped, b)).toBe(dropped);
  });

  it('does nothing on undo or redo at the ends', () => {
    const h = emptyHistory();
    expect(undo(h)).toBe(h);
    expect(redo(h)).toBe(h);
  });

  it('keeps at most HISTORY_LIMIT operations', () => {
    let h = emptyHistory();
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) h = pushEdit(h, stroke(i));
    expect(h.done).toHaveLength(HISTORY_LIMIT);
    expect(h.done[0]).toEqual(stroke(5));
  });

  it('thins pointer samples closer than a quarter brush', () => {
    let s: StrokeOp = { kind: 'stroke', mode: 'paint', size: 20, points: [[0, 0]] };
    s = extendStroke(s, [3, 0]); // 3 px < 5 px: skipped
    s = extendStroke(s, [6, 0]);
    expect(s.points).toEqual([
      [0, 0],
      [6, 0],
    ]);
  });
});

describe('undo/redo shortcuts', () => {
  const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    ...mods,
  });
  it('maps Ctrl/Cmd+Z to undo and Ctrl/Cmd+Shift+Z or Ctrl+Y to redo', () => {
    expect(historyChord(key('z', { ctrlKey: true }))).toBe('undo');
    expect(historyChord(key('z', { metaKey: true }))).toBe('undo');
    expect(historyChord(key('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(historyChord(key('y', { ctrlKey: true }))).toBe('redo');
    expect(historyChord(key('z'))).toBeNull();
    expect(historyChord(key('z', { ctrlKey: true, altKey: true }))).toBeNull();
  });
});
