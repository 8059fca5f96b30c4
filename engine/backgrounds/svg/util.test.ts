import { describe, expect, it } from 'vitest';
import { linearEnds, mix, paint, stops } from './util';

describe('SVG helpers', () => {
  it('places CSS-style gradient ends: 90° runs left to right, 180° top to bottom', () => {
    const ends = (angle: number) => Object.values(linearEnds(angle, 200, 100)).map((v) => Math.round(v * 1000) / 1000 + 0); // + 0 turns -0 into 0
    expect(ends(90)).toEqual([0, 50, 200, 50]);
    expect(ends(180)).toEqual([100, 0, 100, 100]);
    // 45°: towards the top right corner; the line is long enough for both corners to get the end colours.
    expect(ends(45)).toEqual([25, 125, 175, -25]);
  });

  it('mixes colours and writes alpha as a separate opacity', () => {
    expect(mix('#000000', '#FFFFFF', 0.5)).toBe('#808080');
    expect(paint('#FF000080')).toBe('fill="#ff0000" fill-opacity="0.5"');
    expect(paint('#00FF00', 'stop-color', 0.25)).toBe('stop-color="#00ff00" stop-opacity="0.25"');
    expect(stops(['#000000', '#FFFFFF'])).toBe('<stop offset="0" stop-color="#000000"/><stop offset="1" stop-color="#ffffff"/>');
  });
});
