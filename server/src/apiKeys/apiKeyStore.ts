import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../db/database';

/** What the account page lists: never the key itself, only its first characters. */
export interface ApiKeyView {
  id: string;
  name: string;
  /** The key's first 11 characters (`lc_` and 8 more), so its owner can tell keys apart. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

interface Row {
  id: string;
  name: string;
  prefix: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
  revoked_at: Date | string | null;
}

const KEY_PREFIX = 'lc_';
/** A key: `lc_` and 40 characters of base64url (240 random bits). */
const KEY_SHAPE = /^lc_[A-Za-z0-9_-]{40}$/;
export const API_KEY_NAME_MAX = 80;
/** Keys one account may hold (revoked ones not counted). */
export const API_KEYS_PER_ACCOUNT = 20;
/** last_used_at is written at most this often per key, so a busy key does not write on every call. */
const TOUCH_EVERY_MS = 60_000;

const hashKey = (key: string): string => createHash('sha256').update(`apikey:${key}`).digest('hex');
const iso = (d: Date | string | null): string | null => (d ? new Date(d).toISOString() : null);
const toView = (r: Row): ApiKeyView => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  createdAt: iso(r.created_at)!,
  lastUsedAt: iso(r.last_used_at),
  revokedAt: iso(r.revoked_at),
});

/**
 * API keys of accounts (issue 27): created with a name, shown once, stored only as a SHA-256 (a copy of the
 * database lets nobody call the API), listed with their last use, revoked for good.
 */
export class ApiKeyStore {
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  /** Creates a key; the returned `key` is the only time it exists in clear. */
  async create(accountId: string, name: string): Promise<ApiKeyView & { key: string }> {
    const key = `${KEY_PREFIX}${randomBytes(30).toString('base64url')}`;
    const id = `KEY_${randomUUID().replace(/-/g, '')}`;
    const { rows } = await this.db.query<Row>(
      `insert into api_keys (id, account_id, name, key_hash, prefix)
       select $1, $2, $3, $4, $5 where (select count(*) from api_keys where account_id = $2 and revoked_at is null) < $6
       returning *`,
      [id, accountId, name, hashKey(key), key.slice(0, 11), API_KEYS_PER_ACCOUNT],
    );
    if (!rows[0]) throw new RangeError(`at most ${API_KEYS_PER_ACCOUNT} keys per account; revoke one first`);
    return { ...toView(rows[0]), key };
  }

  async list(accountId: string): Promise<ApiKeyView[]> {
    const { rows } = await this.db.query<Row>('select * from api_keys where account_id = $1 order by created_at desc limit 100', [accountId]);
    return rows.map(toView);
  }

  /** Revokes one of the account's keys; false when it has no such key (another account's id reads the same). */
  async revoke(accountId: string, id: string): Promise<boolean> {
    const { rows } = await this.db.query(`update api_keys set revoked_at = coalesce(revoked_at, now()) where id = $1 and account_id = $2 returning id`, [
      id,
      accountId,
    ]);
    return rows.length > 0;
  }

  /** The account and key id of a live key of a live account, or null; records the use. */
  async verify(key: string): Promise<{ accountId: string; keyId: string } | null> {
    if (!KEY_SHAPE.test(key)) return null;
    const { rows } = await this.db.query<{ id: string; account_id: string }>(
      `select k.id, k.account_id from api_keys k join accounts a on a.id = k.account_id
       where k.key_hash = $1 and k.revoked_at is null and a.deleted_at is null`,
      [hashKey(key)],
    );
    const row = rows[0];
    if (!row) return null;
    const at = this.now();
    if ((this.touched.get(row.id) ?? 0) + TOUCH_EVERY_MS <= at) {
      this.touched.set(row.id, at);
      await this.db.query('update api_keys set last_used_at = $2 where id = $1', [row.id, new Date(at).toISOString()]);
    }
    return { accountId: row.account_id, keyId: row.id };
  }
}
