/**
 * Where a text's box goes when its content box changes size (an edit): it keeps its top edge
 * (lines are added below) and, by alignment, its left edge, centre or right edge, measured along
 * the layer's own (rotated) axes.
 */
import type { Rect } from '../../../engine/doc/types';
import type { KonvaAlign } from '../scene/text/textStyle';

export interface BoxSize {
  width: number;
  height: number;
}

/**
 * The rect for a text whose content box changes from `oldBox` to `newBox` while centred on
 * `rect`'s centre.
 * @example anchoredRect({ x: 0, y: 0, w: 100, h: 50, angle: 0 }, { width: 100, height: 50 }, { width: 100, height: 100 }, 'center')
 * // { x: 0, y: 0, w: 100, h: 100, angle: 0 }: the top edge stays at 0
 */
export function anchoredRect(rect: Rect, oldBox: BoxSize, newBox: BoxSize, align: KonvaAlign): Rect {
  const growX = (newBox.width - oldBox.width) / 2;
  const dxLocal = align === 'left' ? growX : align === 'right' ? -growX : 0;
  const dyLocal = (newBox.height - oldBox.height) / 2;
  const angle = (rect.angle * Math.PI) / 180;
  const cx = rect.x + rect.w / 2 + dxLocal * Math.cos(angle) - dyLocal * Math.sin(angle);
  const cy = rect.y + rect.h / 2 + dxLocal * Math.sin(angle) + dyLocal * Math.cos(angle);
  const round = (n: number) => Math.round(n * 100) / 100;
  return { x: round(cx - newBox.width / 2), y: round(cy - newBox.height / 2), w: round(newBox.width), h: round(newBox.height), angle: rect.angle };
}
