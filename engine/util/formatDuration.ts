/**
 * A duration for people: milliseconds below one second, seconds below one minute, minutes
 * above, with the locale's digits and unit names (Intl, so no translation keys are needed).
 * @example formatDuration(850, 'en')    // '850 ms'
 * @example formatDuration(1530, 'de')   // '1,5 Sek.' (unit names come from the browser's ICU)
 * @example formatDuration(null, 'en')   // '–'
 */
export function formatDuration(ms: number | null | undefined, locale: string): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '–';
  const format = (value: number, unit: 'millisecond' | 'second' | 'minute', digits: number) =>
    new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: digits }).format(value);
  // Thresholds use the rounded value, so 999.6 ms reads '1 s', not '1,000 ms'.
  if (Math.round(ms) < 1000) return format(Math.round(ms), 'millisecond', 0);
  if (Math.round(ms / 100) < 600) return format(ms / 1000, 'second', 1);
  return format(ms / 60_000, 'minute', 1);
}
