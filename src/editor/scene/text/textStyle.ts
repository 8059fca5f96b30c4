/**
 * How a plain text value maps onto Konva Text attributes (pure; shared by the live stage, the
 * export renderer and the in-place textarea, so all three lay text out alike).
 *
 * Units (our reading of SPEC §3, which names the fields but not their units):
 * - fontSize, letterSpacing and lineSpacing are canvas pixels;
 * - lineSpacing is extra space between lines, added to the normal line height of 1.2 em
 *   (Android's `lineSpacingExtra`), so lineHeight = 1.2 + lineSpacing / fontSize;
 * - gravity 0/1/2 → left/center/right;
 * - the wrap width is value.textMaxW (0 = unset) capped by textMaxWidth(canvasW) (SPEC §9: canvas
 *   width − 80). The box shown is as wide as the widest laid-out line, so a short text gets a tight
 *   box whatever the factory estimated for rect.w; a side-handle resize sets textMaxW.
 */
import { isBoldRoundedFont, textMaxWidth } from '../../../../engine/doc/textRules';
import type { Gravity, TextValue } from '../../../../engine/doc/types';
import { TextGravity } from '../../../../engine/spec/kinds';

/** Normal line height as a multiple of the font size. */
export const BASE_LINE_HEIGHT = 1.2;
/** Lines never overlap completely. */
const MIN_LINE_HEIGHT = 0.5;

export type KonvaAlign = 'left' | 'center' | 'right';

export function alignForGravity(gravity: Gravity | number): KonvaAlign {
  return gravity === TextGravity.LEFT ? 'left' : gravity === TextGravity.RIGHT ? 'right' : 'center';
}

/** Konva's lineHeight multiplier for a text value. */
export function lineHeightFor(fontSize: number, lineSpacing: number): number {
  const size = Math.max(1, fontSize);
  return Math.max(MIN_LINE_HEIGHT, BASE_LINE_HEIGHT + (Number.isFinite(lineSpacing) ? lineSpacing : 0) / size);
}

/**
 * The width straight text wraps at: textMaxW when set (> 0), at most textMaxWidth(canvasW)
 * (SPEC §9: canvas width − 80), at least 1.
 * @example wrapWidthFor(0, 1080) // 1000
 */
export function wrapWidthFor(textMaxW: number, canvasW: number): number {
  const cap = textMaxWidth(canvasW);
  const wanted = Number.isFinite(textMaxW) && textMaxW > 0 ? textMaxW : cap;
  return Math.max(1, Math.min(wanted, cap));
}

/** The Konva font style: rounded fonts whose name ends with Bold are drawn bold (SPEC §9). */
export function fontStyleFor(fontName: string): 'bold' | 'normal' {
  return isBoldRoundedFont(fontName) ? 'bold' : 'normal';
}

export interface TextLayout {
  text: string;
  fontSize: number;
  fontFamily: string;
  fontStyle: 'bold' | 'normal';
  lineHeight: number;
  letterSpacing: number;
  align: KonvaAlign;
  width: number;
  wrap: 'word';
}

/** Konva Text attributes (except fill) for a text value; `width` is the wrap width. */
export function textLayout(value: TextValue, canvasW: number, fontFamily: string): TextLayout {
  return {
    text: value.text,
    fontSize: Math.max(1, value.fontSize),
    fontFamily,
    fontStyle: fontStyleFor(value.fontName),
    lineHeight: lineHeightFor(value.fontSize, value.lineSpacing),
    letterSpacing: Number.isFinite(value.letterSpacing) ? value.letterSpacing : 0,
    align: alignForGravity(value.gravity),
    width: wrapWidthFor(value.textMaxW, canvasW),
    wrap: 'word',
  };
}

/** The texture uri of a text value: fillImageUrl, or fillTextureName when it is itself a uri. */
export function textureUri(value: TextValue): string {
  if (value.fillImageUrl) return value.fillImageUrl;
  const name = value.fillTextureName;
  return name && (name.includes('/') || name.startsWith('asset:')) ? name : '';
}
