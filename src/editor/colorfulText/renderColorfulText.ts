/**
 * Draws a colourful text style (SPEC §3 colourful text material) with the user's text onto a 2D canvas.
 * A pure function of its inputs: fonts must already be loaded, sticker images already decoded.
 */
import type { ColorfulTextMaterial, ColorfulTextStickerItem, ColorfulTextTextItem } from '../../../engine/doc/types';
import { drawEffectLayer, type ItemPainter } from './effects';
import { layoutItem, splitLines } from './layout';
import { createCanvas, drawLines, paintSource, supportsLetterSpacing, type Ctx2D } from './paint';

export interface RenderColorfulTextOptions {
  /** Canvas pixels per material pixel; the canvas should be material.width × material.height times this. */
  scale: number;
  /** CSS font-family list for a style's fontFileName (the catalogue fontName). */
  fontFamilyFor(fontFileName: string): string;
  /** The decoded image of a sticker item's resName (a sticker resId); missing ones are skipped. */
  stickerImage?(resName: string): CanvasImageSource | undefined;
}

/** The canvas size, in whole pixels, that renderColorfulText fills at `scale`. */
export function colorfulCanvasSize(material: Pick<ColorfulTextMaterial, 'width' | 'height'>, scale: number) {
  return { width: Math.max(1, Math.ceil(material.width * scale)), height: Math.max(1, Math.ceil(material.height * scale)) };
}

/** The text an item shows: the user's text where the style lets it be replaced. */
export function itemText(item: ColorfulTextTextItem, text: string): string {
  return item.isDefTextContent ? text : item.text;
}

/** The canvas font string of an item, at its natural size. */
export function itemFont(item: ColorfulTextTextItem, fontFamilyFor: (fontFileName: string) => string): string {
  return `${item.attributes.fontSize}px ${fontFamilyFor(item.attributes.fontFileName)}`;
}

/**
 * Draws every item of `material` in order (later items on top). Per text item: background, layersBelow
 * (first = bottom), the fill (colour or gradient), then layersAbove.
 * @example
 * const { width, height } = colorfulCanvasSize(style, 0.5);
 * renderColorfulText(canvas.getContext('2d')!, style, 'Hello', { scale: 0.5, fontFamilyFor: cssFamilyFor });
 */
export function renderColorfulText(ctx: Ctx2D, material: ColorfulTextMaterial, text: string, opts: RenderColorfulTextOptions): void {
  ctx.save();
  ctx.scale(opts.scale, opts.scale);
  for (const item of material.items) {
    if (item.kind === 'sticker') drawSticker(ctx, item, opts);
    else drawTextItem(ctx, item, itemText(item, text), opts);
  }
  ctx.restore();
}

function drawSticker(ctx: Ctx2D, item: ColorfulTextStickerItem, opts: RenderColorfulTextOptions): void {
  const image = opts.stickerImage?.(item.resName);
  if (!image) return;
  ctx.save();
  ctx.globalAlpha *= item.opacity;
  ctx.drawImage(image, item.rect.x, item.rect.y, item.rect.w, item.rect.h);
  ctx.restore();
}

function drawTextItem(ctx: Ctx2D, item: ColorfulTextTextItem, text: string, opts: RenderColorfulTextOptions): void {
  const attrs = item.attributes;
  const font = itemFont(item, opts.fontFamilyFor);
  ctx.save();
  ctx.font = font;
  if (supportsLetterSpacing(ctx)) ctx.letterSpacing = '0px';
  const layout = layoutItem(splitLines(text), attrs, item.rect, (line) => ctx.measureText(line).width);
  ctx.restore();

  if (attrs.backgroundColor) {
    ctx.save();
    ctx.globalAlpha *= item.opacity;
    ctx.fillStyle = attrs.backgroundColor;
    ctx.fillRect(item.rect.x, item.rect.y, item.rect.w, item.rect.h);
    ctx.restore();
  }

  // A translucent item is drawn whole offscreen first, so its fill does not show the strokes beneath it.
  const alpha = item.opacity * attrs.opacity;
  const layer = alpha < 1 ? createCanvas(ctx.canvas.width, ctx.canvas.height) : null;
  const target = layer ? layer.ctx : ctx;
  if (layer) layer.ctx.setTransform(ctx.getTransform());

  target.save();
  target.translate(layout.origin.x, layout.origin.y);
  target.scale(layout.fit, layout.fit);
  const painter: ItemPainter = {
    layout,
    pxPerUnit: opts.scale * layout.fit,
    draw: (c, mode, paintFor) => drawLines(c, layout, font, attrs.wordSpacing, mode, paintFor),
  };
  for (const effect of attrs.layersBelow) drawEffectLayer(target, effect, painter);
  const g = attrs.gradient;
  painter.draw(target, 'fill', paintSource(target, layout, attrs.colorStr, g?.colors ?? [], g?.angle ?? 0, g?.perRow ?? false));
  for (const effect of attrs.layersAbove) drawEffectLayer(target, effect, painter);
  target.restore();

  if (layer) {
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha *= alpha;
    ctx.drawImage(layer.canvas, 0, 0);
    ctx.restore();
  }
}
