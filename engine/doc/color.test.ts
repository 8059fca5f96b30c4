import { describe, expect, it } from 'vitest';
import { ColorFormatError, formatColor, isValidColor, normaliseColor, parseColor, toCssColor } from './color';

/** The exact message `fn` throws (and that it is a ColorFormatError). */
function thrown(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ColorFormatError);
    return (error as Error).message;
  }
  throw new Error('did not throw');
}

describe('parseColor', () => {
  it('reads #RRGGBB as opaque and #RRGGBBAA with alpha 0..1', () => {
    expect(parseColor('#FF8000')).toEqual({ r: 255, g: 128, b: 0, a: 1, hex: '#FF8000FF' });
    expect(parseColor('#00ff0080')).toEqual({ r: 0, g: 255, b: 0, a: 0.502, hex: '#00FF0080' });
    expect(parseColor(' #00000000 ').a).toBe(0);
  });

  it.each(['FF0000', 'red', '', 'rgb(1,2,3)', '#GG0000', '#12 345'])('rejects %j with the SPEC format message', (input) => {
    expect(thrown(() => parseColor(input))).toBe('Invalid color format. Expected format: #RRGGBB / #RRGGBBAA');
  });

  it.each(['#FFF', '#FFFF', '#12345', '#1234567', '#123456789'])('rejects the hex length of %j with "Invalid hex color"', (input) => {
    expect(thrown(() => parseColor(input))).toBe('Invalid hex color');
  });

  it('rejects non-strings with the format message', () => {
    expect(thrown(() => parseColor(42 as unknown as string))).toBe('Invalid color format. Expected format: #RRGGBB / #RRGGBBAA');
  });
});

describe('formatColor', () => {
  it('writes #RRGGBBAA uppercase', () => {
    expect(formatColor({ r: 18, g: 52, b: 86, a: 1 })).toBe('#123456FF');
    expect(formatColor({ r: 0, g: 0, b: 0, a: 0.5 })).toBe('#00000080');
  });

  it('clamps channels to 0-255 and alpha to 0-1', () => {
    expect(formatColor({ r: 300, g: -5, b: 16.4, a: 2 })).toBe('#FF0010FF');
    expect(formatColor({ r: 0, g: 0, b: 0, a: -1 })).toBe('#00000000');
    expect(formatColor({ r: Number.NaN, g: Infinity, b: 0, a: 1 })).toBe('#00FF00FF');
  });

  it('round-trips every alpha byte through parseColor', () => {
    for (let byte = 0; byte < 256; byte++) {
      const hex = `#ABCDEF${byte.toString(16).padStart(2, '0').toUpperCase()}`;
      expect(formatColor(parseColor(hex))).toBe(hex);
    }
  });
});

describe('helpers', () => {
  it('toCssColor gives rgba() and transparent for invalid input', () => {
    expect(toCssColor('#FF000080')).toBe('rgba(255, 0, 0, 0.502)');
    expect(toCssColor('#0000FF')).toBe('rgba(0, 0, 255, 1)');
    expect(toCssColor('')).toBe('rgba(0, 0, 0, 0)');
    expect(toCssColor('nope')).toBe('rgba(0, 0, 0, 0)');
  });

  it('isValidColor and normaliseColor', () => {
    expect(isValidColor('#abcdef')).toBe(true);
    expect(isValidColor('#abc')).toBe(false);
    expect(isValidColor(null)).toBe(false);
    expect(normaliseColor('#abcdef')).toBe('#ABCDEFFF');
  });
});
