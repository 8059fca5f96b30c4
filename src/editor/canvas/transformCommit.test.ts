import { describe, expect, it } from 'vitest';
import { DEFAULT_TEXT_VALUE } from '../../../engine/doc/defaults';
import { anchoredRect } from './textAnchor';
import { rectFromTransformed, textPropsFromScale } from './transformCommit';

describe('transform commit', () => {
  it('turns Konva scale into w/h around the centre', () => {
    expect(rectFromTransformed({ x: 100, y: 100, rotation: 30, scaleX: 2, scaleY: 0.5, offsetX: 10, offsetY: 20 })).toEqual({
      x: 80,
      y: 90,
      w: 40,
      h: 20,
      angle: 30,
    });
  });

  it('treats a negative scale as a flip, not a negative size', () => {
    expect(rectFromTransformed({ x: 50, y: 50, rotation: 0, scaleX: -1.5, scaleY: 1, offsetX: 10, offsetY: 10 }).w).toBe(30);
  });

  it('side handles set the text wrap width; corners scale the font', () => {
    const value = { ...DEFAULT_TEXT_VALUE, text: 'Hello', fontSize: 40, letterSpacing: 2, textMaxW: 600 };
    expect(textPropsFromScale(value, 1.5, 1, 200, 1080)).toEqual({ textMaxW: 300 });
    expect(textPropsFromScale(value, 2, 2, 200, 1080)).toEqual({ fontSize: 80, letterSpacing: 4, lineSpacing: 0, textMaxW: 1200 });
    expect(textPropsFromScale(value, 1, 1, 200, 1080)).toBeNull();
  });

  it('curved text only scales its font', () => {
    const value = { ...DEFAULT_TEXT_VALUE, text: 'Hello', fontSize: 40, curve: 30 };
    expect(textPropsFromScale(value, 0.5, 0.5, 200, 1080)).toEqual({ fontSize: 20, letterSpacing: 0, lineSpacing: 0 });
  });
});

describe('anchoredRect (text edits)', () => {
  const rect = { x: 100, y: 100, w: 200, h: 50, angle: 0 };
  it('keeps the top edge and the centre for centred text', () => {
    expect(anchoredRect(rect, { width: 200, height: 50 }, { width: 300, height: 100 }, 'center')).toEqual({ x: 50, y: 100, w: 300, h: 100, angle: 0 });
  });

  it('keeps the left edge for left-aligned text and the right edge for right-aligned text', () => {
    expect(anchoredRect(rect, { width: 200, height: 50 }, { width: 300, height: 50 }, 'left').x).toBe(100);
    expect(anchoredRect(rect, { width: 200, height: 50 }, { width: 300, height: 50 }, 'right').x).toBe(0);
  });

  it('grows along the rotated axes', () => {
    const turned = anchoredRect({ ...rect, angle: 90 }, { width: 200, height: 50 }, { width: 200, height: 150 }, 'center');
    // Rotated 90° clockwise, "down" in the text's frame is −x on the canvas: the centre moves left by 50.
    expect(turned.x + turned.w / 2).toBeCloseTo(150);
    expect(turned.y + turned.h / 2).toBeCloseTo(125);
  });
});
