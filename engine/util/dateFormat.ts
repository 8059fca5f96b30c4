/**
 * A small date formatter with date-fns style patterns, in local time. SPEC §5: "Date format
 * strings reject unescaped letters and the tokens YY, YYYY, D, DD."
 *
 * Tokens (a token is a run of one letter):
 *   y yy yyy yyyy…  calendar year: yy = last two digits, otherwise zero-padded to the run length
 *   M MM            month 1-12          d dd   day of the month
 *   H HH            hour 0-23           h hh   hour 1-12          a   AM / PM
 *   m mm            minutes             s ss   seconds
 *   S SS SSS SSSS…  fraction of a second with that many digits (truncated, not rounded)
 * Text in single quotes is copied as it is ('at'); '' writes one quote, inside or outside
 * quotes. An unterminated quote runs to the end, as in date-fns.
 *
 * Refused with a RangeError, before any date is looked at:
 * - Y runs (YY, YYYY…): the week-numbering year, which differs from the calendar year for
 *   a few days around New Year, so 'YYYY-MM-dd' prints wrong dates only in late December;
 * - D runs (D, DD…): the day of the year, not of the month ('DD' gives '45' in February);
 * - any other unescaped letter, or a known letter at a length it does not support (MMM), so a
 *   word meant as text ('at', 'T') never turns silently into numbers.
 */

type Part = { kind: 'text'; text: string } | { kind: 'token'; letter: string; length: number };

/** Allowed run lengths per letter; Infinity = any length. */
const TOKEN_LENGTHS: Record<string, number> = { y: Infinity, M: 2, d: 2, H: 2, h: 2, m: 2, s: 2, S: Infinity, a: 1 };

/**
 * Formats `date` (a Date or epoch milliseconds) with `pattern` in local time.
 * @throws RangeError for a refused pattern (see the module note) or an invalid date.
 * @example formatDate(new Date(2024, 0, 5, 7, 8, 9), "yyyy-MM-dd HH:mm:ss") // '2024-01-05 07:08:09'
 * @example formatDate(new Date(2024, 0, 5), "d.M.yy 'at' h a")             // '5.1.24 at 12 AM'
 */
export function formatDate(date: Date | number, pattern: string): string {
  const parts = parsePattern(pattern);
  const value = typeof date === 'number' ? new Date(date) : date;
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) throw new RangeError('Invalid time value');
  return parts.map((part) => (part.kind === 'text' ? part.text : formatToken(value, part.letter, part.length))).join('');
}

/** Splits a pattern into literal text and tokens, refusing what the module note lists. */
function parsePattern(pattern: string): Part[] {
  const parts: Part[] = [];
  let text = '';
  let i = 0;
  while (i < pattern.length) {
    const char = pattern[i];
    if (char === "'") {
      if (pattern[i + 1] === "'") {
        text += "'";
        i += 2;
        continue;
      }
      // Quoted literal: up to the next lone quote; '' inside is one quote.
      i++;
      while (i < pattern.length) {
        if (pattern[i] === "'" && pattern[i + 1] === "'") {
          text += "'";
          i += 2;
        } else if (pattern[i] === "'") {
          i++;
          break;
        } else {
          text += pattern[i++];
        }
      }
      continue;
    }
    if (!/[A-Za-z]/.test(char)) {
      text += char;
      i++;
      continue;
    }
    let end = i + 1;
    while (pattern[end] === char) end++;
    const token = pattern.slice(i, end);
    checkToken(token, pattern);
    if (text) parts.push({ kind: 'text', text });
    text = '';
    parts.push({ kind: 'token', letter: char, length: token.length });
    i = end;
  }
  if (text) parts.push({ kind: 'text', text });
  return parts;
}

function checkToken(token: string, pattern: string): void {
  const letter = token[0];
  if (letter === 'Y') {
    throw new RangeError(
      `Use \`${'y'.repeat(token.length)}\` instead of \`${token}\` in the date pattern "${pattern}": ` +
        `${token} is the week-numbering year, which differs from the calendar year around New Year.`,
    );
  }
  if (letter === 'D') {
    const fix = token.length <= 2 ? 'd'.repeat(token.length) : 'dd';
    throw new RangeError(
      `Use \`${fix}\` instead of \`${token}\` in the date pattern "${pattern}": ${token} is the day of the year, not of the month.`,
    );
  }
  const maxLength = TOKEN_LENGTHS[letter];
  if (maxLength === undefined || token.length > maxLength) {
    throw new RangeError(
      `The date pattern "${pattern}" contains \`${token}\`, unescaped letters that are not a supported token; ` +
        `quote literal text ('${token}') or use one of y, M, MM, d, dd, H, HH, h, hh, m, mm, s, ss, S…, a.`,
    );
  }
}

const pad = (n: number, width: number): string => {
  const digits = String(Math.abs(n)).padStart(width, '0');
  return n < 0 ? `-${digits}` : digits;
};

function formatToken(date: Date, letter: string, length: number): string {
  switch (letter) {
    case 'y': {
      const year = date.getFullYear();
      return length === 2 ? pad(Math.abs(year) % 100, 2) : pad(year, length);
    }
    case 'M': return pad(date.getMonth() + 1, length);
    case 'd': return pad(date.getDate(), length);
    case 'H': return pad(date.getHours(), length);
    case 'h': return pad(date.getHours() % 12 || 12, length);
    case 'm': return pad(date.getMinutes(), length);
    case 's': return pad(date.getSeconds(), length);
    case 'a': return date.getHours() < 12 ? 'AM' : 'PM';
    case 'S': {
      const ms = date.getMilliseconds();
      // More than three digits: milliseconds are all there is, so the rest is zeros.
      return length <= 3 ? pad(Math.floor(ms / 10 ** (3 - length)), length) : pad(ms, 3) + '0'.repeat(length - 3);
    }
    default: throw new RangeError(`Unsupported date token ${letter}`); // parsePattern lets none through
  }
}
