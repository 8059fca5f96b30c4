import { describe, expect, it } from 'vitest';
import { MAX_SWEEP_RADIANS, curveRadius, curveSweep, textArc } from './textArc';

describe('curved text arc', () => {
  it('is straight at curve 0', () => {
    expect(textArc(0, 300)).toBeNull();
    expect(curveRadius(0, 300)).toBe(Infinity);
  });

  it('bends a text into a half circle at curve 50 (radius = length / π)', () => {
    const arc = textArc(50, 100 * Math.PI)!;
    expect(arc.radius).toBeCloseTo(100);
    expect(arc.sweep).toBeCloseTo(Math.PI);
    // From the left end up over the top (sweep flag 1) to the right end, 100 below the top.
    expect(arc.data).toBe('M -100 100 A 100 100 0 0 1 100 100');
  });

  it('sags (centre above, sweep flag 0) for a negative curve', () => {
    const arc = textArc(-50, 100 * Math.PI)!;
    expect(arc.direction).toBe(-1);
    expect(arc.data).toBe('M -100 -100 A 100 100 0 0 0 100 -100');
  });

  it('extends the path by the margin at both ends without changing the radius', () => {
    const arc = textArc(50, 100 * Math.PI, 10)!;
    expect(arc.radius).toBeCloseTo(100);
    expect(arc.sweep).toBeCloseTo(Math.PI + 0.2);
    // Near a full circle the radius grows to make room for the margins.
    const full = textArc(100, 600, 30)!;
    expect(full.sweep).toBe(MAX_SWEEP_RADIANS);
    expect(full.radius * MAX_SWEEP_RADIANS).toBeCloseTo(660);
  });

  it('shrinks the radius as |curve| grows and never closes the circle', () => {
    expect(curveRadius(20, 600)).toBeGreaterThan(curveRadius(80, 600));
    expect(curveSweep(100)).toBe(MAX_SWEEP_RADIANS);
    expect(curveSweep(250)).toBe(MAX_SWEEP_RADIANS);
    expect(textArc(100, 600)!.data).toContain(' 0 1 1 '); // large arc past half a circle
  });
});
