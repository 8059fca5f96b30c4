/**
 * Turning a Konva Transformer result into document changes, once, at transformend: Konva scale
 * becomes the rect's w/h (the Group's scale goes back to ±1 for flips), and a text layer's scale
 * becomes font size (corner handles) or wrap width (side handles), so text is re-laid out rather
 * than stretched.
 */
import type { Rect, TextValue } from '../../../engine/doc/types';
import { wrapWidthFor } from '../scene/text/textStyle';

/** What the commit needs of a transformed layer Group. */
export interface TransformedAttrs {
  x: number;
  y: number;
  rotation: number;
  scaleX: number;
  scaleY: number;
  /** Half the content box (the Group's offset). */
  offsetX: number;
  offsetY: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The layer rect of a transformed Group: its position is the box centre (offset = half box), its
 * size the content box times |scale| (a negative scale is a flip, kept in flipH/flipV).
 * @example rectFromTransformed({ x: 100, y: 100, rotation: 0, scaleX: 2, scaleY: 1, offsetX: 10, offsetY: 5 })
 * // { x: 80, y: 95, w: 40, h: 10, angle: 0 }
 */
export function rectFromTransformed(attrs: TransformedAttrs): Rect {
  const w = attrs.offsetX * 2 * Math.abs(attrs.scaleX);
  const h = attrs.offsetY * 2 * Math.abs(attrs.scaleY);
  return { x: round2(attrs.x - w / 2), y: round2(attrs.y - h / 2), w: round2(w), h: round2(h), angle: round2(attrs.rotation) };
}

const SAME = 1e-3;

/**
 * The text properties a transform changes: a side handle (only x scaled) makes the wrap width the
 * box width the user dragged to; any other handle scales the font size, spacing and wrap width
 * (curved text: font and spacing). `boxWidth` is the content box before the transform.
 * Returns null when nothing changes.
 */
export function textPropsFromScale(value: TextValue, scaleX: number, scaleY: number, boxWidth: number, canvasW: number): Partial<TextValue> | null {
  const sx = Math.abs(scaleX);
  const sy = Math.abs(scaleY);
  const wrap = wrapWidthFor(value.textMaxW, canvasW);
  if (Math.abs(sx - 1) < SAME && Math.abs(sy - 1) < SAME) return null;
  if (Math.abs(sy - 1) < SAME && value.curve === 0) return { textMaxW: Math.max(1, round2(boxWidth * sx)) };
  const k = sy;
  return {
    fontSize: Math.max(1, round2(value.fontSize * k)),
    letterSpacing: round2(value.letterSpacing * k),
    lineSpacing: round2(value.lineSpacing * k),
    ...(value.curve === 0 ? { textMaxW: round2(wrap * sx) } : {}),
  };
}
