import { describe, expect, it } from 'vitest';
import { drawEdits } from './maskRender';
import type { MaskEdit, StrokeOp } from './strokeHistory';

/** A 2D context that records what is drawn: the order of strokes, masks and clears is what merging means. */
function recorder() {
  const log: string[] = [];
  const ctx = new Proxy({} as Record<string, unknown>, {
    get(target, name: string) {
      if (name in target) return target[name];
      return (...args: unknown[]) => {
        if (name === 'drawImage') log.push(`image:${(args[0] as { id: string }).id}`);
        else if (name === 'clearRect') log.push('clear');
        else if (name === 'stroke' || name === 'fill') log.push(`${name}:${String(target.globalCompositeOperation)}`);
      };
    },
    set(target, name: string, value) {
      target[name] = value;
      return true;
    },
  });
  return { ctx: ctx as unknown as CanvasRenderingContext2D, log };
}

const paint = (mode: StrokeOp['mode']): StrokeOp => ({
  kind: 'stroke',
  mode,
  size: 10,
  points: [
    [0, 0],
    [5, 5],
  ],
});
const tap = (include: boolean): MaskEdit => ({ kind: 'tap', x: 3, y: 3, include });
const selection = { id: 'selection' } as unknown as CanvasImageSource;

describe('the object selection merged with the brush mask', () => {
  it('joins the strokes where the first tap stands: painted before it stays, strokes after it add and cut', () => {
    const { ctx, log } = recorder();
    drawEdits(ctx, [paint('paint'), tap(true), paint('erase'), tap(false), paint('paint')], new Map(), 10, 10, selection);
    expect(log).toEqual(['clear', 'stroke:source-over', 'image:selection', 'stroke:destination-out', 'stroke:source-over']);
  });

  it('draws nothing for taps while there is no selection, and no selection without taps', () => {
    const none = recorder();
    drawEdits(none.ctx, [tap(true), paint('paint')], new Map(), 10, 10, null);
    expect(none.log).toEqual(['clear', 'stroke:source-over']);
    const noTaps = recorder();
    drawEdits(noTaps.ctx, [paint('paint')], new Map(), 10, 10, selection);
    expect(noTaps.log).toEqual(['clear', 'stroke:source-over']);
  });

  it('keeps detected masks beside the selection', () => {
    const { ctx, log } = recorder();
    const detected = { id: 'detected' } as unknown as CanvasImageSource;
    drawEdits(ctx, [{ kind: 'mask', source: 'd' }, tap(true)], new Map([['d', detected]]), 10, 10, selection);
    expect(log).toEqual(['clear', 'image:detected', 'image:selection']);
  });
});
