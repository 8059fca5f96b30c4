import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/database';
import { hashToken } from './sessions';

/** How long the page has to exchange the code the callback left in its URL. */
const HANDOFF_TTL_SECONDS = 120;

/** Constant-time comparison of two hex hashes. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * One-time hand-off codes of an OpenID sign-in (issue 30 item 1): the callback page receives a
 * code, never the session token; the page exchanges it once, within two minutes, over POST, and
 * only from the browser holding the sign-in's HttpOnly binding cookie. A code that leaks (a
 * Referer, a history entry, a hostile page it was sent to) signs nobody in.
 */
export class OidcHandoffs {
  constructor(private readonly db: Database) {}

  /** A new code for `accountId`, bound to the browser whose binding cookie is `binding`. */
  async issue(accountId: string, isNew: boolean, binding: string): Promise<string> {
    const code = randomBytes(32).toString('base64url');
    await this.db.query('delete from oidc_handoffs where expires_at < now()');
    await this.db.query(
      `insert into oidc_handoffs (code_hash, account_id, browser_hash, is_new, expires_at)
       values ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
      [hashToken(code), accountId, hashToken(binding), isNew, HANDOFF_TTL_SECONDS],
    );
    return code;
  }

  /**
   * Uses a code up (whoever presents it: a wrong browser burns it too) and returns its account
   * when it was issued to this browser and has not expired; null otherwise.
   */
  async redeem(code: string, binding: string | undefined): Promise<{ accountId: string; isNew: boolean } | null> {
    const { rows } = await this.db.query<{ account_id: string; browser_hash: string; is_new: boolean }>(
      'delete from oidc_handoffs where code_hash = $1 and expires_at > now() returning account_id, browser_hash, is_new',
      [hashToken(code)],
    );
    const row = rows[0];
    if (!row || !binding || !sameHash(row.browser_hash, hashToken(binding))) return null;
    return { accountId: row.account_id, isNew: row.is_new };
  }
}
