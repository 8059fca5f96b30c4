import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ResultCode } from '../../../engine/spec/errors';
import type { Database } from '../db/database';
import { ApiError } from '../envelope';

/** The auth token travels in this header (SPEC §7 "auth token header"). */
export const AUTH_TOKEN_HEADER = 'x-auth-token';

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface SignedInAccount {
  accountId: string;
  email: string | null;
  provider: string;
  displayName: string;
  tokenHash: string;
}

/** A session token: `lc_` and 256 random bits; shown to its browser only. */
const newToken = (): string => `lc_${randomBytes(32).toString('base64url')}`;

/** Opaque session tokens: one per sign-in, only their hash is stored, each revocable. */
export class SessionStore {
  constructor(
    private readonly db: Database,
    private readonly lifetimeHours: number,
  ) {}

  /** Starts a session; the returned token is shown once and never stored. */
  async create(accountId: string): Promise<string> {
    const token = newToken();
    await this.db.query(`insert into account_sessions (token_hash, account_id, expires_at) values ($1, $2, now() + make_interval(hours => $3))`, [
      hashToken(token),
      accountId,
      this.lifetimeHours,
    ]);
    return token;
  }

  /**
   * The account of a request: null for a visitor (no token), 1000006 for a token that is unknown,
   * expired, revoked or belongs to a deleted account.
   */
  async accountOf(request: FastifyRequest): Promise<SignedInAccount | null> {
    const header = request.headers[AUTH_TOKEN_HEADER];
    const token = typeof header === 'string' ? header.trim() : '';
    if (!token) return null;
    const tokenHash = hashToken(token);
    const { rows } = await this.db.query<{ account_id: string; email: string | null; provider: string; display_name: string; renew: boolean }>(
      `select s.account_id, a.email, a.provider, a.display_name,
         s.expires_at < now() + make_interval(hours => $2) - least(interval '1 day', make_interval(hours => $2) / 2) as renew
       from account_sessions s join accounts a on a.id = s.account_id
       where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and a.deleted_at is null`,
      [tokenHash, this.lifetimeHours],
    );
    const row = rows[0];
    if (!row) throw new ApiError(ResultCode.ACCOUNT_AUTHORIZED_EXPIRED, 'sign-in expired; please sign in again');
    // Sliding expiry, written at most once a day (or half a lifetime, if shorter) per session: a session lives `lifetimeHours` since its last use.
    if (row.renew) {
      await this.db.query('update account_sessions set expires_at = now() + make_interval(hours => $2) where token_hash = $1', [tokenHash, this.lifetimeHours]);
    }
    return { accountId: row.account_id, email: row.email, provider: row.provider, displayName: row.display_name, tokenHash };
  }

  /** The signed-in account, or 1000006 when the request has no valid token. */
  async requireAccount(request: FastifyRequest): Promise<SignedInAccount> {
    const account = await this.accountOf(request);
    if (!account) throw new ApiError(ResultCode.ACCOUNT_AUTHORIZED_EXPIRED, 'please sign in');
    return account;
  }

  /**
   * Rotates the session after a sensitive change (issue 30 item 14): the presented token is revoked and a fresh one
   * for the same account is returned, so the browser that made the change stays signed in while a stolen copy of
   * the old token stops working. One statement, so the old token is never revoked without a successor (nor the
   * reverse). Throws 1000006 when the token was revoked or expired in the meantime (a concurrent sign-out or
   * rotation spent it first): a spent token must not mint a live one.
   */
  async rotate(session: Pick<SignedInAccount, 'tokenHash'>): Promise<string> {
    const token = newToken();
    const { rows } = await this.db.query(
      `with old as (
         update account_sessions set revoked_at = now()
         where token_hash = $1 and revoked_at is null and expires_at > now() returning account_id
       )
       insert into account_sessions (token_hash, account_id, expires_at)
       select $2, account_id, now() + make_interval(hours => $3) from old returning account_id`,
      [session.tokenHash, hashToken(token), this.lifetimeHours],
    );
    if (rows.length === 0) throw new ApiError(ResultCode.ACCOUNT_AUTHORIZED_EXPIRED, 'sign-in expired; please sign in again');
    return token;
  }

  async revoke(tokenHash: string): Promise<void> {
    await this.db.query('update account_sessions set revoked_at = now() where token_hash = $1 and revoked_at is null', [tokenHash]);
  }

  /** Signs the account out on every browser. */
  async revokeAll(accountId: string): Promise<number> {
    const { rows } = await this.db.query('update account_sessions set revoked_at = now() where account_id = $1 and revoked_at is null returning token_hash', [
      accountId,
    ]);
    return rows.length;
  }
}
