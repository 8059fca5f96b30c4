/** Text layout rules of SPEC §9. */

/** Margin subtracted from the canvas width for the text wrap width (SPEC §9: 80). */
export const TEXT_WIDTH_MARGIN = 80;
/** Margin subtracted from the canvas width for curved text (SPEC §9: 720). */
export const CURVED_TEXT_WIDTH_MARGIN = 720;

/**
 * The widest a straight text may wrap to on a canvas `canvasW` wide; at least 1.
 * @example textMaxWidth(1080) // 1000
 */
export function textMaxWidth(canvasW: number): number {
  return Math.max(1, canvasW - TEXT_WIDTH_MARGIN);
}

/**
 * The widest a curved text may be on a canvas `canvasW` wide; at least 1.
 * @example curvedTextMaxWidth(1080) // 360
 */
export function curvedTextMaxWidth(canvasW: number): number {
  return Math.max(1, canvasW - CURVED_TEXT_WIDTH_MARGIN);
}

/** A rounded font's name says so ("MPLUSRounded1c", "VarelaRound"). */
const ROUNDED = /round/i;

/**
 * True for a rounded font whose name ends with "Bold": such a font gets the bold style (SPEC §9).
 * Same rule as engine/fonts/catalogue.ts fontStyleFor.
 * @example isBoldRoundedFont('MPLUSRounded1cBold') // true
 */
export function isBoldRoundedFont(fontName: string): boolean {
  const name = fontName.trim();
  return ROUNDED.test(name) && name.endsWith('Bold');
}
