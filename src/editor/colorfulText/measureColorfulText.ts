/**
 * Sizing a colourful text layer: how big the style's material must be for the user's text to show at
 * the style's own font size instead of being scaled down to fit.
 */
import type { ColorfulTextMaterial, ColorfulTextItemRect } from '../../../engine/doc/types';
import { cssFamilyFor } from '../../fonts/fontRegistry';
import { layoutItem, splitLines } from './layout';
import { createCanvas, supportsLetterSpacing, type Ctx2D } from './paint';
import { itemFont, itemText } from './renderColorfulText';

export interface MeasureOptions {
  /** CSS font-family for a fontFileName; defaults to the font registry's. */
  fontFamilyFor?(fontFileName: string): string;
  /** Advance width of `text` in a canvas `font`, no letter spacing; defaults to an offscreen canvas. */
  measureText?(font: string, text: string): number;
}

let measureCtx: Ctx2D | null = null;
function canvasMeasure(font: string, text: string): number {
  measureCtx ??= createCanvas(1, 1).ctx;
  measureCtx.font = font;
  if (supportsLetterSpacing(measureCtx)) measureCtx.letterSpacing = '0px';
  return measureCtx.measureText(text).width;
}

/** Moves a rect that does not grow so it keeps its place relative to the material's edges. */
function shifted(rect: ColorfulTextItemRect, material: { width: number; height: number }, dx: number, dy: number): ColorfulTextItemRect {
  const fx = Math.min(1, Math.max(0, (rect.x + rect.w / 2) / material.width));
  const fy = Math.min(1, Math.max(0, (rect.y + rect.h / 2) / material.height));
  return { ...rect, x: rect.x + dx * fx, y: rect.y + dy * fy };
}

/**
 * A copy of `material` enlarged just enough that every user-text item fits `text` at fit 1; replaceable
 * text rects grow, other items keep their size and their place relative to the edges.
 * @example fitMaterialToText(getColorfulTextStyle('neon-pink')!, 'A much longer line').width // > 600
 */
export function fitMaterialToText(material: ColorfulTextMaterial, text: string, opts: MeasureOptions = {}): ColorfulTextMaterial {
  const family = opts.fontFamilyFor ?? cssFamilyFor;
  const measure = opts.measureText ?? canvasMeasure;
  let dx = 0;
  let dy = 0;
  for (const item of material.items) {
    if (item.kind !== 'text' || !item.isDefTextContent) continue;
    const font = itemFont(item, family);
    const { content } = layoutItem(splitLines(itemText(item, text)), item.attributes, item.rect, (line) => measure(font, line));
    dx = Math.max(dx, Math.ceil(content.w - item.rect.w));
    dy = Math.max(dy, Math.ceil(content.h - item.rect.h));
  }
  if (dx <= 0 && dy <= 0) return material;
  dx = Math.max(0, dx);
  dy = Math.max(0, dy);
  return {
    ...material,
    width: material.width + dx,
    height: material.height + dy,
    items: material.items.map((item) =>
      item.kind === 'text' && item.isDefTextContent
        ? { ...item, rect: { ...item.rect, w: item.rect.w + dx, h: item.rect.h + dy } }
        : { ...item, rect: shifted(item.rect, material, dx, dy) }),
  };
}

/**
 * The natural size of a colourful text: the material size at which `text` needs no shrinking (never
 * smaller than the style itself). Use it to size a new layer.
 * @example measureColorfulText(style, 'Hi') // { width: 600, height: 240 }
 */
export function measureColorfulText(material: ColorfulTextMaterial, text: string, opts: MeasureOptions = {}): { width: number; height: number } {
  const fitted = fitMaterialToText(material, text, opts);
  return { width: fitted.width, height: fitted.height };
}
