import { describe, expect, it } from 'vitest';
import { clickSelection, dropPosition, sideOf } from './layerOrder';

// Bottom to top: background, a, b, c. The panel shows c, b, a, background.
const order = ['bgLayer', 'a', 'b', 'c'];

describe('dropPosition', () => {
  it('dropping the top layer below the bottom content layer sends it just above the background', () => {
    expect(dropPosition(order, 'c', 'a', 'below')).toBe(1);
  });

  it('dropping the bottom content layer above the top one brings it to the front', () => {
    expect(dropPosition(order, 'a', 'c', 'above')).toBe(3);
  });

  it('moves between neighbours', () => {
    expect(dropPosition(order, 'a', 'b', 'above')).toBe(2);
    expect(dropPosition(order, 'c', 'b', 'below')).toBe(2);
    expect(dropPosition(order, 'c', 'a', 'above')).toBe(2);
  });

  it('never goes below the background, never moves the background, ignores no-op drops', () => {
    expect(dropPosition(order, 'c', 'bgLayer', 'below')).toBe(1);
    expect(dropPosition(order, 'bgLayer', 'c', 'above')).toBeNull();
    expect(dropPosition(order, 'b', 'b', 'above')).toBeNull();
    expect(dropPosition(order, 'b', 'a', 'above')).toBeNull();
    expect(dropPosition(order, 'b', 'c', 'below')).toBeNull();
    expect(dropPosition(order, 'x', 'a', 'above')).toBeNull();
  });
});

describe('sideOf', () => {
  it('splits a row at half height', () => {
    expect(sideOf(104, 100, 10)).toBe('above');
    expect(sideOf(105, 100, 10)).toBe('below');
  });
});

describe('clickSelection', () => {
  it('selects one on a plain click and toggles with a modifier', () => {
    expect(clickSelection(['a', 'b'], 'c', false)).toEqual(['c']);
    expect(clickSelection(['a'], 'c', true)).toEqual(['a', 'c']);
    expect(clickSelection(['a', 'c'], 'c', true)).toEqual(['a']);
  });
});
