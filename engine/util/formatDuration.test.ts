import { describe, expect, it } from 'vitest';
import { formatDuration } from './formatDuration';

// Intl may put a narrow or normal no-break space between number and unit, and unit names differ
// between ICU versions ('s' or 'sec'), so the unit is matched by its first letters only.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatDuration', () => {
  it('shows whole milliseconds below one second', () => {
    expect(plain(formatDuration(850.4, 'en'))).toBe('850 ms');
    expect(plain(formatDuration(0, 'en'))).toBe('0 ms');
  });

  it('switches to seconds with one decimal from one second', () => {
    expect(plain(formatDuration(999.6, 'en'))).toMatch(/^1 s/);
    expect(plain(formatDuration(1530, 'en'))).toMatch(/^1\.5 s/);
    expect(plain(formatDuration(59_940, 'en'))).toMatch(/^59\.9 s/);
  });

  it('switches to minutes from one minute', () => {
    expect(plain(formatDuration(59_960, 'en'))).toMatch(/^1 min/);
    expect(plain(formatDuration(150_000, 'en'))).toMatch(/^2\.5 min/);
  });

  it("uses the locale's decimal sign", () => {
    expect(plain(formatDuration(1530, 'de'))).toMatch(/^1,5 (s|Sek)/);
  });

  it('shows a dash when nothing was measured', () => {
    expect(formatDuration(null, 'en')).toBe('–');
    expect(formatDuration(Number.NaN, 'en')).toBe('–');
  });
});
