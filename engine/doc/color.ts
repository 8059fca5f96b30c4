/**
 * Colour strings of SPEC §5: `#RRGGBB` or `#RRGGBBAA`. A colour has r, g, b (0..255), a (0..1) and a hex form.
 * The document always stores the 8-digit uppercase form written by `formatColor`.
 */

/** Thrown for a string that is not a valid colour; its message is one of the SPEC §5 texts. */
export class ColorFormatError extends Error {
  override name = 'ColorFormatError';
}

export const COLOR_FORMAT_MESSAGE = 'Invalid color format. Expected format: #RRGGBB / #RRGGBBAA';
export const INVALID_HEX_MESSAGE = 'Invalid hex color';

export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}
export interface ParsedColor extends Rgba {
  hex: string;
}

/**
 * Parses `#RRGGBB` / `#RRGGBBAA` (any case; surrounding spaces ignored); 6 digits mean opaque.
 * Throws ColorFormatError: 'Invalid hex color' for `#` + hex digits of another length (`#FFF`),
 * 'Invalid color format. Expected format: #RRGGBB / #RRGGBBAA' for anything else.
 * @example parseColor('#FF000080') // { r: 255, g: 0, b: 0, a: 0.502, hex: '#FF000080' }
 */
export function parseColor(str: string): ParsedColor {
  const text = typeof str === 'string' ? str.trim() : '';
  if (!/^#[0-9a-fA-F]+$/.test(text)) throw new ColorFormatError(COLOR_FORMAT_MESSAGE);
  const digits = text.slice(1);
  if (digits.length !== 6 && digits.length !== 8) throw new ColorFormatError(INVALID_HEX_MESSAGE);
  const channel = (i: number) => parseInt(digits.slice(i, i + 2), 16);
  const r = channel(0);
  const g = channel(2);
  const b = channel(4);
  const alphaByte = digits.length === 8 ? channel(6) : 255;
  // Three decimals are enough to round-trip every alpha byte (1/255 ≈ 0.0039).
  const a = Math.round((alphaByte / 255) * 1000) / 1000;
  return { r, g, b, a, hex: `#${digits.toUpperCase()}${digits.length === 6 ? 'FF' : ''}` };
}

/** True when `str` parses as a colour. */
export function isValidColor(str: unknown): str is string {
  if (typeof str !== 'string') return false;
  try {
    parseColor(str);
    return true;
  } catch {
    return false;
  }
}

function clamp(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return value === Infinity ? max : min;
  return Math.min(max, Math.max(min, value));
}

const byteHex = (n: number) => Math.round(n).toString(16).padStart(2, '0').toUpperCase();

/**
 * `#RRGGBBAA` for a colour; channels clamp to 0..255 and alpha to 0..1 (SPEC §5).
 * @example formatColor({ r: 300, g: -5, b: 16, a: 2 }) // '#FF0010FF'
 */
export function formatColor({ r, g, b, a }: Rgba): string {
  return `#${byteHex(clamp(r, 0, 255))}${byteHex(clamp(g, 0, 255))}${byteHex(clamp(b, 0, 255))}${byteHex(clamp(a, 0, 1) * 255)}`;
}

/**
 * A CSS `rgba()` string for canvas and DOM. Lenient because it renders stored data: '' or an
 * invalid colour gives fully transparent instead of throwing.
 * @example toCssColor('#FF000080') // 'rgba(255, 0, 0, 0.502)'
 */
export function toCssColor(hex: string): string {
  if (!isValidColor(hex)) return 'rgba(0, 0, 0, 0)';
  const { r, g, b, a } = parseColor(hex);
  return `rgba(${r}, ${g}, ${b}, ${a})`;
}

/**
 * The canonical stored form of a valid colour string (`#RRGGBBAA`, uppercase); throws like parseColor.
 * @example normaliseColor('#abc123') // '#ABC123FF'
 */
export function normaliseColor(str: string): string {
  return parseColor(str).hex;
}
