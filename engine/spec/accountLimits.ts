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

/**
 * The person behind an email address, for limits and one-time gifts (issue 30 item 4): lower
 * case, the `+tag` of the local part dropped (RFC 5233 sub-addressing: `ann+1@x` and `ann+2@x`
 * reach one inbox at nearly every provider), and for Gmail the dots of the local part dropped and
 * googlemail.com read as gmail.com (Google delivers `a.n.n@gmail.com` to `ann@gmail.com`). Other
 * providers' dots are kept: at many of them they are different mailboxes. Used only to count,
 * never to send mail.
 */
export function personEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  if (!lower.includes('@')) return lower;
  let local = lower.slice(0, lower.lastIndexOf('@'));
  let domain = lower.slice(lower.lastIndexOf('@') + 1);
  const plus = local.indexOf('+', 1);
  if (plus > 0) local = local.slice(0, plus);
  if (domain === 'gmail.com' || domain === 'googlemail.com') {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}
