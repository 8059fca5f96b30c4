/** Limits of email sign-in (SPEC §8 -1017/-1018); the SPEC leaves the numbers to us. */

/** Digits in a sign-in code. */
export const LOGIN_CODE_DIGITS = 6;
/** A code is valid this long after it is sent (-1017 afterwards). */
export const LOGIN_CODE_TTL_MINUTES = 10;
/** Wrong tries one code allows; after that it is spent and a new one must be asked for. */
export const LOGIN_CODE_MAX_ATTEMPTS = 5;
/** Codes one address may be sent per hour, and the least gap between two. */
export const LOGIN_CODES_PER_ADDRESS_PER_HOUR = 5;
export const LOGIN_CODE_RESEND_SECONDS = 30;
/** Codes one requester (client address) may ask for per hour, over all addresses. */
export const LOGIN_CODES_PER_REQUESTER_PER_HOUR = 20;
/**
 * Codes checked per hour for one requester (client address), over all addresses. There is no
 * per-address count: it would let anyone lock anyone out; each code allows LOGIN_CODE_MAX_ATTEMPTS.
 */
export const LOGIN_FAILURES_PER_REQUESTER_PER_HOUR = 30;

/** A plausible email address: one @, a dot in the domain, no spaces, at most 254 characters. */
export function isEmailAddress(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}
