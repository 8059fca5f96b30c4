/**
 * Text measurement with Konva's own layout code (one reused, never drawn Konva.Text / TextPath), so
 * the box the canvas shows, the box an edit commits and the export agree to the pixel.
 */
import Konva from 'konva';
import type { TextLayout } from '../text/textStyle';
import { textArc } from '../text/textArc';

let probe: Konva.Text | null = null;
let pathProbe: Konva.TextPath | null = null;

export interface TextBox {
  /** Content box: as wide as the widest line (straight) or the arc's glyph bounds (curved). */
  width: number;
  height: number;
}

export interface CurvedTextGeometry extends TextBox {
  data: string;
  /** Where the path's origin goes inside the content box. */
  pathX: number;
  pathY: number;
}

/** The smallest box a text may get, so an empty text stays visible and selectable. */
function minSide(fontSize: number): number {
  return Math.max(4, fontSize * 0.5);
}

/** Box of straight text laid out with `layout` (wrapping at layout.width). */
export function measureTextBox(layout: TextLayout): TextBox {
  probe ??= new Konva.Text();
  probe.setAttrs({ ...layout, padding: 0 });
  const width = Math.max(minSide(layout.fontSize), Math.ceil(probe.getTextWidth()) + 1);
  return { width: Math.min(width, Math.max(layout.width, minSide(layout.fontSize))), height: Math.max(minSide(layout.fontSize), probe.height()) };
}

/** One line of text as laid along its arc: the path data and the glyphs' bounds. */
export function curvedTextGeometry(layout: TextLayout, curve: number): CurvedTextGeometry | null {
  probe ??= new Konva.Text();
  const line = layout.text.replace(/\s*\n\s*/g, ' ');
  probe.setAttrs({ ...layout, text: line, width: undefined, wrap: 'none', padding: 0 });
  // A margin of half an em per end keeps the last glyph on the path.
  const arc = textArc(curve, probe.getTextWidth(), layout.fontSize / 2);
  if (!arc) return null;
  pathProbe ??= new Konva.TextPath();
  pathProbe.setAttrs({
    data: arc.data,
    text: line,
    fontSize: layout.fontSize,
    fontFamily: layout.fontFamily,
    fontStyle: layout.fontStyle,
    letterSpacing: layout.letterSpacing,
    align: 'center',
  });
  const rect = pathProbe.getSelfRect();
  const size = minSide(layout.fontSize);
  return { data: arc.data, pathX: -rect.x, pathY: -rect.y, width: Math.max(size, rect.width), height: Math.max(size, rect.height) };
}
