/**
 * Stroke and custom-shadow layers of a colourful text (SPEC §3): outer ones drawn straight onto the
 * target, inner ones built offscreen and clipped to the glyphs.
 */
import type { ColorfulTextEffectLayer } from '../../../engine/doc/types';
import type { ItemLayout } from './layout';
import { applyBlur, createCanvas, paintSource, type Ctx2D, type DrawGlyphs } from './paint';

/** What an effect layer needs to know about the item it decorates. */
export interface ItemPainter {
  layout: ItemLayout;
  /** Canvas pixels per item unit (material scale × fit), for blur radii, which ignore the transform. */
  pxPerUnit: number;
  draw: DrawGlyphs;
}

function setStroke(ctx: Ctx2D, width: number): void {
  ctx.lineWidth = width;
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.miterLimit = 2;
}

/** Draws one effect layer onto `ctx`, whose transform maps item units to canvas pixels. */
export function drawEffectLayer(ctx: Ctx2D, layer: ColorfulTextEffectLayer, item: ItemPainter): void {
  if (layer.inner) {
    drawInnerLayer(ctx, layer, item);
    return;
  }
  ctx.save();
  ctx.globalAlpha *= layer.opacity;
  applyBlur(ctx, layer.blur * item.pxPerUnit, layer.gradientColors[0] ?? layer.color);
  ctx.translate(layer.offsetX, layer.offsetY);
  const paint = paintSource(ctx, item.layout, layer.color, layer.gradientColors, layer.gradientAngle, layer.perRowGradient);
  if (layer.kind === 'stroke') {
    setStroke(ctx, layer.width);
    item.draw(ctx, 'stroke', paint);
  } else {
    item.draw(ctx, 'fill', paint);
  }
  ctx.restore();
}

/**
 * An inner layer: the colour that would show through glyph-shaped holes moved by the offset (shadow), or
 * a stroke twice as wide (its inner half), blurred, then kept only where the glyphs are.
 */
function drawInnerLayer(ctx: Ctx2D, layer: ColorfulTextEffectLayer, item: ItemPainter): void {
  const { width, height } = ctx.canvas;
  const m = ctx.getTransform();
  const shape = createCanvas(width, height);
  shape.ctx.setTransform(m);
  const paint = paintSource(shape.ctx, item.layout, layer.color, layer.gradientColors, layer.gradientAngle, layer.perRowGradient);
  if (layer.kind === 'shadow') {
    const { w, h } = item.layout.content;
    shape.ctx.fillStyle = paint(item.layout.lines[0]);
    shape.ctx.fillRect(-w, -h, w * 3, h * 3);
    shape.ctx.globalCompositeOperation = 'destination-out';
    shape.ctx.translate(layer.offsetX, layer.offsetY);
    item.draw(shape.ctx, 'fill', () => '#000000');
  } else {
    shape.ctx.translate(layer.offsetX, layer.offsetY);
    setStroke(shape.ctx, layer.width * 2);
    item.draw(shape.ctx, 'stroke', paint);
  }

  let result = shape;
  const blurPx = layer.blur * item.pxPerUnit;
  if (blurPx > 0) {
    result = createCanvas(width, height);
    result.ctx.save();
    applyBlur(result.ctx, blurPx, layer.gradientColors[0] ?? layer.color);
    result.ctx.drawImage(shape.canvas, 0, 0);
    result.ctx.restore();
  }
  result.ctx.setTransform(m);
  result.ctx.globalCompositeOperation = 'destination-in';
  item.draw(result.ctx, 'fill', () => '#000000');

  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha *= layer.opacity;
  ctx.drawImage(result.canvas, 0, 0);
  ctx.restore();
}
