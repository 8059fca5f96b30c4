/**
 * Version comparison of SPEC §5: "Version strings compare after zero-padding to equal length,
 * as the number formed by joining parts. A missing first counts as smaller, missing second as
 * larger; a parse failure counts as 0."
 *
 * How the rules are read here:
 * - A version is split on '.'; each part is parsed as a non-negative integer (leading zeros
 *   drop: '02' is 2). A part that is not all digits is a parse failure and counts as 0, so
 *   '1.x' equals '1.0' and 'abc' equals '0'.
 * - "Zero-padding to equal length" pads twice: the shorter list of parts gets trailing '0'
 *   parts ('1.2' vs '1.2.0' → [1,2,0] vs [1,2,0]), and at each position both parts are
 *   left-padded with zeros to the wider of the two ('1.9' vs '1.10' → '1'+'09' vs '1'+'10').
 *   Without the second padding '1.10' would join to 110 and beat '2.1' (21).
 * - The padded parts are joined into two digit strings of equal length. Comparing them as
 *   numbers is then the same as comparing them character by character, which stays exact
 *   for parts beyond Number.MAX_SAFE_INTEGER.
 * - Missing means null, undefined or a blank string. Missing first → -1, missing second → 1,
 *   both missing → 0 (neither is larger).
 *
 * @example compareVersions('1.2', '1.2.0')   // 0
 * @example compareVersions('1.10', '1.9')    // 1
 * @example compareVersions('1.10.0', '2.1')  // -1
 * @example compareVersions(undefined, '1')   // -1
 * @example compareVersions('1.beta', '1.0')  // 0
 */
export function compareVersions(a?: string | null, b?: string | null): -1 | 0 | 1 {
  const aMissing = isMissing(a);
  const bMissing = isMissing(b);
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? -1 : 1;

  const left = parseParts(a as string);
  const right = parseParts(b as string);
  const count = Math.max(left.length, right.length);
  let joinedLeft = '';
  let joinedRight = '';
  for (let i = 0; i < count; i++) {
    const l = left[i] ?? '0';
    const r = right[i] ?? '0';
    const width = Math.max(l.length, r.length);
    joinedLeft += l.padStart(width, '0');
    joinedRight += r.padStart(width, '0');
  }
  // Equal-length digit strings: lexical order is numeric order.
  if (joinedLeft === joinedRight) return 0;
  return joinedLeft < joinedRight ? -1 : 1;
}

function isMissing(value: string | null | undefined): boolean {
  return typeof value !== 'string' || value.trim() === '';
}

/** Each part as a canonical digit string: no leading zeros, '0' for a part that does not parse. */
function parseParts(version: string): string[] {
  return version.trim().split('.').map((part) => {
    const digits = part.trim();
    if (!/^\d+$/.test(digits)) return '0';
    return digits.replace(/^0+(?=\d)/, '');
  });
}
