/**
 * Pure layout of one colourful-text item: lines, their positions, the fit-to-rect scale, and gradient
 * endpoints. Everything here is in the item's natural units (material px at fit 1), so it can be tested
 * without a canvas; the renderer applies `origin` and `fit` as a canvas transform.
 */
import type { ColorfulTextAttributes, ColorfulTextItemRect } from '../../../engine/doc/types';
import { TextGravity } from '../../../engine/spec/kinds';

/** Line height as a multiple of the font size, before `lineSpacing` is added. */
export const LINE_HEIGHT = 1.2;
/** Room kept between the text and the edge of its background colour, as a multiple of the font size. */
export const BACKGROUND_PADDING = 0.25;

export interface LineBox {
  text: string;
  /** Left edge of the line. */
  x: number;
  /** Vertical centre of the line (drawn with textBaseline 'middle'). */
  y: number;
  width: number;
}

export interface ItemLayout {
  lines: LineBox[];
  lineHeight: number;
  /** The lines' bounding box: (padX, padY, blockWidth, blockHeight). */
  block: { x: number; y: number; w: number; h: number };
  /** The block plus room for strokes, shadows and blur on every side. */
  content: { w: number; h: number };
  /** Scale (≤ 1) that makes the content fit the item rect. */
  fit: number;
  /** Material position of the content box's top-left corner once scaled by `fit`. */
  origin: { x: number; y: number };
}

/** Splits text into lines on \n (and \r\n); an empty text is one empty line. */
export function splitLines(text: string): string[] {
  return text.split(/\r?\n/);
}

/** Characters as the eye counts them (code points; close enough for spacing). */
export function charCount(line: string): number {
  return Array.from(line).length;
}

/**
 * How far the effect layers reach beyond the glyphs, per side: half a stroke, the offset, and about
 * two blur radii (a Gaussian fades out by then); at least the background margin where there is one.
 */
export function effectPadding(
  attrs: Pick<ColorfulTextAttributes, 'layersAbove' | 'layersBelow'> & Partial<Pick<ColorfulTextAttributes, 'backgroundColor' | 'fontSize'>>,
): { x: number; y: number } {
  // Text on a background colour keeps a margin inside it, whatever its effects.
  let x = attrs.backgroundColor && attrs.fontSize ? attrs.fontSize * BACKGROUND_PADDING : 0;
  let y = x;
  for (const layer of [...attrs.layersBelow, ...attrs.layersAbove]) {
    if (layer.inner) continue;
    const reach = (layer.kind === 'stroke' ? layer.width / 2 : 0) + layer.blur * 2;
    x = Math.max(x, reach + Math.abs(layer.offsetX));
    y = Math.max(y, reach + Math.abs(layer.offsetY));
  }
  return { x: Math.ceil(x), y: Math.ceil(y) };
}

/**
 * Lays out `lines` inside `rect`. `measure` returns a line's advance width at `attrs.fontSize` with no
 * letter spacing; `wordSpacing` is added after every character (as canvas letterSpacing does).
 */
export function layoutItem(
  lines: string[],
  attrs: Pick<ColorfulTextAttributes, 'fontSize' | 'wordSpacing' | 'lineSpacing' | 'alignment' | 'layersAbove' | 'layersBelow'> &
    Partial<Pick<ColorfulTextAttributes, 'backgroundColor'>>,
  rect: ColorfulTextItemRect,
  measure: (line: string) => number,
): ItemLayout {
  const pad = effectPadding(attrs);
  const lineHeight = attrs.fontSize * LINE_HEIGHT;
  const widths = lines.map((line) => (line ? measure(line) + attrs.wordSpacing * charCount(line) : 0));
  const blockW = Math.max(0, ...widths);
  const blockH = Math.max(0, lines.length * lineHeight + (lines.length - 1) * attrs.lineSpacing);
  const content = { w: blockW + 2 * pad.x, h: blockH + 2 * pad.y };
  const fit = Math.min(1, content.w > 0 ? rect.w / content.w : 1, content.h > 0 ? rect.h / content.h : 1);
  const scaledW = content.w * fit;
  const originX =
    attrs.alignment === TextGravity.LEFT ? rect.x : attrs.alignment === TextGravity.RIGHT ? rect.x + rect.w - scaledW : rect.x + (rect.w - scaledW) / 2;
  const originY = rect.y + (rect.h - content.h * fit) / 2;
  const boxes = lines.map((text, i) => {
    const width = widths[i];
    const slack = blockW - width;
    const x = pad.x + (attrs.alignment === TextGravity.LEFT ? 0 : attrs.alignment === TextGravity.RIGHT ? slack : slack / 2);
    return { text, x, y: pad.y + i * (lineHeight + attrs.lineSpacing) + lineHeight / 2, width };
  });
  return {
    lines: boxes,
    lineHeight,
    block: { x: pad.x, y: pad.y, w: blockW, h: blockH },
    content,
    fit,
    origin: { x: originX, y: originY },
  };
}

/**
 * Endpoints of a linear gradient at `angleDeg` across `box` (0° left→right, 90° top→bottom), long enough
 * that the first and last colours reach the box's corners, as CSS linear-gradient does.
 */
export function gradientEndpoints(box: { x: number; y: number; w: number; h: number }, angleDeg: number) {
  const a = (angleDeg * Math.PI) / 180;
  const dx = Math.cos(a);
  const dy = Math.sin(a);
  const half = (Math.abs(box.w * dx) + Math.abs(box.h * dy)) / 2;
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  return { x0: cx - dx * half, y0: cy - dy * half, x1: cx + dx * half, y1: cy + dy * half };
}

/** The box a gradient spans: one line (per-row gradients) or the whole block. */
export function gradientBox(layout: ItemLayout, line: LineBox, perRow: boolean) {
  return perRow ? { x: line.x, y: line.y - layout.lineHeight / 2, w: line.width, h: layout.lineHeight } : layout.block;
}
