import { describe, expect, it } from 'vitest';
import { formatDate } from './dateFormat';

// Local-time components, so the tests pass in every time zone.
const jan5 = new Date(2024, 0, 5, 7, 8, 9, 45);
const dec31 = new Date(2024, 11, 31, 23, 59, 58, 987);

describe('formatDate tokens', () => {
  it('formats years', () => {
    expect(formatDate(jan5, 'yyyy')).toBe('2024');
    expect(formatDate(jan5, 'yy')).toBe('24');
    expect(formatDate(new Date(2005, 0, 1), 'yy')).toBe('05');
    expect(formatDate(new Date(987, 0, 1), 'yyyy')).toBe('0987');
    expect(formatDate(new Date(987, 0, 1), 'y')).toBe('987');
  });

  it('formats month and day with and without padding', () => {
    expect(formatDate(jan5, 'MM/dd')).toBe('01/05');
    expect(formatDate(jan5, 'M/d')).toBe('1/5');
    expect(formatDate(dec31, 'M/d')).toBe('12/31');
  });

  it('formats 24-hour and 12-hour clocks, minutes and seconds', () => {
    expect(formatDate(jan5, 'HH:mm:ss')).toBe('07:08:09');
    expect(formatDate(jan5, 'H:m:s')).toBe('7:8:9');
    expect(formatDate(dec31, 'h:mm a')).toBe('11:59 PM');
    expect(formatDate(new Date(2024, 0, 1, 0, 5), 'hh:mm a')).toBe('12:05 AM');
    expect(formatDate(new Date(2024, 0, 1, 12, 5), 'h a')).toBe('12 PM');
  });

  it('formats fractions of a second, truncated to the run length', () => {
    expect(formatDate(jan5, 'SSS')).toBe('045');
    expect(formatDate(dec31, 'S')).toBe('9');
    expect(formatDate(dec31, 'SS')).toBe('98');
    expect(formatDate(dec31, 'SSSSS')).toBe('98700');
  });

  it('accepts epoch milliseconds', () => {
    expect(formatDate(jan5.getTime(), 'yyyy-MM-dd HH:mm:ss.SSS')).toBe('2024-01-05 07:08:09.045');
  });

  it('copies quoted text and writes one quote for two', () => {
    expect(formatDate(jan5, "yyyy-MM-dd'T'HH:mm")).toBe('2024-01-05T07:08');
    expect(formatDate(jan5, "d 'of' M, 'at' H")).toBe('5 of 1, at 7');
    expect(formatDate(jan5, "''yy")).toBe("'24");
    expect(formatDate(jan5, "'it''s' yyyy")).toBe("it's 2024");
    expect(formatDate(jan5, "'unterminated MM")).toBe('unterminated MM');
  });

  it('copies punctuation, digits and other scripts as they are', () => {
    expect(formatDate(jan5, 'yyyy年M月d日 (1)')).toBe('2024年1月5日 (1)');
  });

  it('refuses an invalid date', () => {
    expect(() => formatDate(new Date('nope'), 'yyyy')).toThrow(RangeError);
    expect(() => formatDate(Number.NaN, 'yyyy')).toThrow('Invalid time value');
  });
});

describe('formatDate refuses risky patterns (SPEC §5)', () => {
  it('refuses YYYY and YY, naming the token and the fix', () => {
    expect(() => formatDate(dec31, 'YYYY-MM-dd')).toThrow(RangeError);
    expect(() => formatDate(dec31, 'YYYY-MM-dd')).toThrow(/`yyyy` instead of `YYYY`/);
    expect(() => formatDate(dec31, 'dd.MM.YY')).toThrow(/`yy` instead of `YY`/);
  });

  it('refuses D and DD, naming the token and the fix', () => {
    expect(() => formatDate(jan5, 'yyyy-MM-DD')).toThrow(/`dd` instead of `DD`/);
    expect(() => formatDate(jan5, 'D.M.yyyy')).toThrow(/`d` instead of `D`.*day of the year/);
  });

  it('refuses the pattern even when the date would format the same', () => {
    // On 5 January the week year equals the year; the pattern is still wrong.
    expect(() => formatDate(jan5, 'YYYY')).toThrow(RangeError);
  });

  it('refuses any other unescaped letter', () => {
    expect(() => formatDate(jan5, 'yyyy-MM-ddTHH:mm')).toThrow(/`T`/);
    // 'a' is the AM/PM token; the 't' after it is not.
    expect(() => formatDate(jan5, 'd at H')).toThrow(/`t`/);
    expect(() => formatDate(jan5, 'EEEE')).toThrow(RangeError);
    expect(() => formatDate(jan5, 'Q')).toThrow(RangeError);
  });

  it('refuses a known letter at a length it does not support', () => {
    expect(() => formatDate(jan5, 'MMM d')).toThrow(/`MMM`/);
    expect(() => formatDate(jan5, 'HHH')).toThrow(RangeError);
    expect(() => formatDate(jan5, 'aa')).toThrow(RangeError);
  });

  it('accepts the same letters once they are quoted', () => {
    expect(formatDate(jan5, "'YYYY DD at T' yyyy")).toBe('YYYY DD at T 2024');
  });
});
