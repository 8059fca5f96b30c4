import { createHash, randomUUID } from 'node:crypto';
import { personEmail } from '../../../engine/spec/accountLimits';
import type { Database } from '../db/database';

export interface AccountRecord {
  id: string;
  email: string | null;
  provider: string;
  displayName: string;
  createdAt: string;
}

/** The owner key of an account's projects and tasks: its own namespace, never equal to a device's. */
export const accountOwnerKey = (accountId: string): string => createHash('sha256').update(`account:${accountId}`).digest('hex');

/**
 * The person key of an address: a hash of accountLimits.personEmail (the same rule as migration 302
 * in SQL), so plus-addressed accounts of one inbox share one free allowance and one gift.
 */
export const personKeyOf = (email: string): string => createHash('sha256').update(personEmail(email)).digest('hex');

/** Accounts table: one row per person, found by email or by an OpenID provider's subject. */
export class AccountRepository {
  constructor(private readonly db: Database) {}

  /** The account of a verified address, created on first sign-in (`created` tells which). */
  async findOrCreateByEmail(email: string): Promise<{ account: AccountRecord; created: boolean }> {
    const id = `ACC_${randomUUID().replace(/-/g, '')}`;
    const { rows: inserted } = await this.db.query<{ id: string }>(
      `insert into accounts (id, email, provider, display_name, person_key) values ($1, $2, 'email', $3, $4)
       on conflict (email) do nothing returning id`,
      [id, email, email.split('@')[0], personKeyOf(email)],
    );
    const account = await this.byEmail(email);
    if (!account) throw new Error('account vanished after insert');
    return { account, created: inserted.length > 0 };
  }

  /**
   * The account of an OpenID provider's subject, created on first sign-in. A verified address that
   * already has an account signs into that account (same projects whichever way one signs in).
   */
  async findOrCreateByProvider(
    provider: string,
    subject: string,
    email: string | null,
    emailVerified: boolean,
  ): Promise<{ account: AccountRecord; created: boolean }> {
    const { rows } = await this.db.query<Row>('select * from accounts where provider = $1 and provider_subject = $2 and deleted_at is null', [
      provider,
      subject,
    ]);
    if (rows[0]) return { account: fromRow(rows[0]), created: false };
    const address = email?.trim().toLowerCase() || null;
    if (address && emailVerified) {
      const existing = await this.byEmail(address);
      if (existing) return { account: existing, created: false };
    }
    const id = `ACC_${randomUUID().replace(/-/g, '')}`;
    // An unverified address is not claimed: another account may prove it later.
    const claimed = address && emailVerified ? address : null;
    const { rows: inserted } = await this.db.query<Row>(
      `insert into accounts (id, email, provider, provider_subject, display_name, person_key) values ($1, $2, $3, $4, $5, $6)
       on conflict do nothing returning *`,
      [id, claimed, provider, subject, address?.split('@')[0] ?? provider, claimed ? personKeyOf(claimed) : null],
    );
    if (inserted[0]) return { account: fromRow(inserted[0]), created: true };
    // Lost a race with a simultaneous first sign-in of the same subject.
    const again = await this.db.query<Row>('select * from accounts where provider = $1 and provider_subject = $2', [provider, subject]);
    return { account: fromRow(again.rows[0]!), created: false };
  }

  async byEmail(email: string): Promise<AccountRecord | null> {
    const { rows } = await this.db.query<Row>('select * from accounts where email = $1 and deleted_at is null', [email]);
    return rows[0] ? fromRow(rows[0]) : null;
  }

  /** Who the account's gift and free allowance belong to: its person key, or the account itself without a verified address. */
  async personOf(id: string): Promise<string> {
    const { rows } = await this.db.query<{ person_key: string | null }>('select person_key from accounts where id = $1', [id]);
    return rows[0]?.person_key ? `person:${rows[0].person_key}` : `account:${id}`;
  }

  async byId(id: string): Promise<AccountRecord | null> {
    const { rows } = await this.db.query<Row>('select * from accounts where id = $1 and deleted_at is null', [id]);
    return rows[0] ? fromRow(rows[0]) : null;
  }

  /**
   * Deletes the account: its row is kept as a tombstone without the address (so tokens and
   * webhooks naming it get 1000006 / are ignored), its sessions are revoked.
   */
  async markDeleted(id: string): Promise<void> {
    await this.db.query(`update accounts set deleted_at = now(), email = null, person_key = null, provider_subject = null, display_name = '' where id = $1`, [
      id,
    ]);
    await this.db.query('update account_sessions set revoked_at = now() where account_id = $1 and revoked_at is null', [id]);
  }
}

interface Row {
  id: string;
  email: string | null;
  provider: string;
  display_name: string;
  created_at: Date | string;
}

function fromRow(r: Row): AccountRecord {
  return { id: r.id, email: r.email, provider: r.provider, displayName: r.display_name, createdAt: new Date(r.created_at).toISOString() };
}
