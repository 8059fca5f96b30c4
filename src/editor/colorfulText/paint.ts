/**
 * Canvas helpers of the colourful-text renderer: offscreen canvases, blur, gradients and drawing the
 * laid-out lines. They work on both CanvasRenderingContext2D and OffscreenCanvasRenderingContext2D.
 */
import { gradientBox, gradientEndpoints, type ItemLayout, type LineBox } from './layout';

export type Ctx2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
export type Paint = string | CanvasGradient;
export type GlyphMode = 'fill' | 'stroke';

/** Draws an item's lines with `paintFor(line)` as fill or stroke style; set by the renderer per item. */
export type DrawGlyphs = (ctx: Ctx2D, mode: GlyphMode, paintFor: (line: LineBox) => Paint) => void;

/** A blank canvas of the given pixel size, offscreen where the browser has OffscreenCanvas. */
export function createCanvas(width: number, height: number): { canvas: HTMLCanvasElement | OffscreenCanvas; ctx: Ctx2D } {
  const w = Math.max(1, Math.ceil(width));
  const h = Math.max(1, Math.ceil(height));
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(w, h);
    return { canvas, ctx: canvas.getContext('2d') as OffscreenCanvasRenderingContext2D };
  }
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  return { canvas, ctx: canvas.getContext('2d') as CanvasRenderingContext2D };
}

/** Whether the context blurs with `ctx.filter` (Safari before 18 does not). Not an `in` check, so TS keeps both branches. */
export function supportsFilter(ctx: Ctx2D): boolean {
  return typeof (ctx as { filter?: unknown }).filter === 'string';
}

/** Whether the context spaces letters itself (`ctx.letterSpacing`). */
export function supportsLetterSpacing(ctx: Ctx2D): boolean {
  return typeof (ctx as { letterSpacing?: unknown }).letterSpacing === 'string';
}

/** Where shapes are moved when only their shadow should show (the blur fallback). */
const FAR_AWAY = 20000;

/**
 * Blurs what is drawn next by `px` canvas pixels: with `ctx.filter` where the browser has it, else by
 * drawing the shape far off-canvas and only its shadow (shadowBlur ≈ 2σ) in place, in `color`.
 * Call between save() and restore().
 */
export function applyBlur(ctx: Ctx2D, px: number, color: string): void {
  if (px <= 0) return;
  if (supportsFilter(ctx)) {
    ctx.filter = `blur(${px}px)`;
    return;
  }
  const m = ctx.getTransform();
  ctx.setTransform(m.a, m.b, m.c, m.d, m.e - FAR_AWAY, m.f);
  ctx.shadowOffsetX = FAR_AWAY;
  ctx.shadowOffsetY = 0;
  ctx.shadowBlur = px * 2;
  ctx.shadowColor = color;
}

/** A linear gradient with evenly spaced `colors` across `box` at `angle` degrees. */
export function linearGradient(ctx: Ctx2D, colors: string[], angle: number, box: { x: number; y: number; w: number; h: number }): CanvasGradient {
  const { x0, y0, x1, y1 } = gradientEndpoints(box, angle);
  const gradient = ctx.createLinearGradient(x0, y0, x1, y1);
  colors.forEach((color, i) => gradient.addColorStop(colors.length === 1 ? 0 : i / (colors.length - 1), color));
  return gradient;
}

/**
 * The paint of a fill or effect layer for one line: the solid colour, or a gradient over the whole
 * block (built once) or over that line alone (per-row).
 */
export function paintSource(ctx: Ctx2D, layout: ItemLayout, color: string, colors: string[], angle: number, perRow: boolean) {
  if (colors.length < 2) return () => color;
  let whole: CanvasGradient | null = null;
  return (line: LineBox): Paint => {
    if (perRow) return linearGradient(ctx, colors, angle, gradientBox(layout, line, true));
    whole ??= linearGradient(ctx, colors, angle, layout.block);
    return whole;
  };
}

/**
 * Draws every line of `layout` in `font`, `spacing` px between characters: with ctx.letterSpacing where
 * supported, else character by character (losing kerning, keeping the spacing).
 */
export function drawLines(ctx: Ctx2D, layout: ItemLayout, font: string, spacing: number, mode: GlyphMode, paintFor: (line: LineBox) => Paint): void {
  ctx.font = font;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  const native = supportsLetterSpacing(ctx);
  if (native) ctx.letterSpacing = `${spacing}px`;
  for (const line of layout.lines) {
    if (!line.text) continue;
    const paint = paintFor(line);
    if (mode === 'fill') ctx.fillStyle = paint;
    else ctx.strokeStyle = paint;
    const draw = (text: string, x: number) => (mode === 'fill' ? ctx.fillText(text, x, line.y) : ctx.strokeText(text, x, line.y));
    if (native || spacing === 0) {
      draw(line.text, line.x);
      continue;
    }
    let x = line.x;
    for (const ch of Array.from(line.text)) {
      draw(ch, x);
      x += ctx.measureText(ch).width + spacing;
    }
  }
  if (native) ctx.letterSpacing = '0px';
}
