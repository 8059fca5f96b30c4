import type { Database } from '../db/database';
import type { FileStorage } from '../storage/storage';
import { accountPayer } from '../credits/creditLedger';
import { accountOwnerKey } from './accountRepository';

/**
 * "Export my data": everything the server keeps about the account, as one JSON document: the
 * account, its subscriptions, orders, credit ledger, projects (with their documents) and tasks.
 */
export async function exportAccountData(db: Database, accountId: string): Promise<Record<string, unknown>> {
  const owner = accountOwnerKey(accountId);
  const q = async (sql: string, params: unknown[]) => (await db.query(sql, params)).rows;
  return {
    exportedAt: new Date().toISOString(),
    account: (await q('select id, email, provider, display_name, created_at from accounts where id = $1', [accountId]))[0] ?? null,
    subscriptions: await q(
      'select id, plan_id, status, provider, current_period_start, current_period_end, created_at from subscriptions where account_id = $1 order by created_at',
      [accountId],
    ),
    orders: await q(
      'select id, product_kind, product_id, amount, currency, status, provider, created_at, paid_at, refunded_at from purchases where account_id = $1 order by created_at',
      [accountId],
    ),
    credits: await q('select amount, kind, bucket, day, expires_at, task_id, note, created_at from credit_ledger where payer = $1 order by id', [
      accountPayer(accountId),
    ]),
    projects: await q(
      'select id, type, name, doc, revision, created_at, updated_at from projects where owner = $1 and deleted_at is null order by updated_at desc',
      [owner],
    ),
    tasks: await q('select id, type, status, created_at, finished_at from tasks where owner = $1 order by created_at', [owner]),
  };
}

/**
 * Deletes the account's projects with their stored files (assets, thumbnails), its uploads and
 * detection masks, the results of its tasks, its batches and its task history (issue 30 item 5:
 * nothing the account made stays readable at its URL); the caller then marks the account deleted.
 * Orders and the credit ledger stay as the accounting record. Returns the number of files deleted.
 */
export async function deleteAccountFiles(db: Database, storage: FileStorage, accountId: string): Promise<number> {
  const owner = accountOwnerKey(accountId);
  const { rows } = await db.query<{ key: string }>(
    `select storage_key as key from project_assets where owner = $1
     union select thumbnail_key as key from projects where owner = $1 and thumbnail_key is not null
     union select key from files where owner = $1
     union select substr(result_url, 8) as key from tasks where owner = $1 and result_url like '/files/%'`,
    [owner],
  );
  let deleted = 0;
  for (const { key } of rows) {
    try {
      await storage.delete(key);
      deleted += 1;
    } catch {
      // Already gone; the retention sweep removes a row left behind.
    }
  }
  await db.query('delete from files where key = any($1::text[])', [rows.map((r) => r.key)]);
  await db.query('delete from projects where owner = $1', [owner]);
  await db.query('delete from batches where owner = $1', [owner]);
  await db.query('delete from tasks where owner = $1', [owner]);
  return deleted;
}
