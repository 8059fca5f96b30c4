/**
 * Every table of the server, in one list: the core's (db/migrations.ts) and each feature's, which keeps its SQL in
 * its own folder. A new feature table is a migration there and one line here. Versions are unique and released
 * ones never change (schema.test.ts); the runner applies them in version order.
 */
import { API_KEYS_MIGRATION, PURCHASE_CHECKS_MIGRATION } from './apiKeys/schema';
import {
  ACCOUNTS_MIGRATION,
  COMMERCE_MIGRATION,
  CREDITS_MIGRATION,
  LEDGER_REQUESTER_MIGRATION,
  LOGIN_GUESSES_MIGRATION,
  OIDC_HANDOFF_MIGRATION,
  OIDC_MIGRATION,
  PERSON_KEY_MIGRATION,
} from './accounts/schema';
import { DEVICE_CLAIMS_MIGRATION } from './accounts/moveVisitorWork';
import { PROMOTION_MIGRATION } from './commerce/promotions';
import { WORKER_LEASE_MIGRATION } from './queue/leaseSchema';
import { REPORT_MIGRATION } from './reports/reportSchema';
import { RETENTION_MIGRATION } from './storage/retention';
import { BATCH_DOWNLOAD_LINKS_MIGRATION, BATCH_ITEM_KEYS_MIGRATION, BATCH_MIGRATION } from './batch/schema';
import type { Database } from './db/database';
import { CORE_MIGRATIONS, runMigrations, type Migration } from './db/migrations';
import { PROJECTS_MIGRATION } from './projects/schema';

export const MIGRATIONS: readonly Migration[] = [
  ...CORE_MIGRATIONS,
  { version: 2, name: 'projects and project assets', sql: PROJECTS_MIGRATION },
  { version: 3, name: 'client reports: task timings and failed-call events', sql: REPORT_MIGRATION },
  { version: 10, name: 'accounts, sign-in codes and sessions', sql: ACCOUNTS_MIGRATION },
  { version: 11, name: 'credit ledger', sql: CREDITS_MIGRATION },
  { version: 12, name: 'subscriptions, purchases and payment events', sql: COMMERCE_MIGRATION },
  { version: 13, name: 'OpenID Connect sign-ins in flight', sql: OIDC_MIGRATION },
  { version: 14, name: 'credit ledger: requester of visitor spends', sql: LEDGER_REQUESTER_MIGRATION },
  { version: 40, name: 'worker leases: crash recovery in seconds', sql: WORKER_LEASE_MIGRATION },
  { version: 50, name: 'retention: sweep lease and file age index', sql: RETENTION_MIGRATION },
  { version: 60, name: 'batch editing: batches and their items', sql: BATCH_MIGRATION },
  { version: 61, name: 'batch editing: short-lived download links', sql: BATCH_DOWNLOAD_LINKS_MIGRATION },
  { version: 62, name: 'batch editing: item keys make uploads idempotent', sql: BATCH_ITEM_KEYS_MIGRATION },
  { version: 90, name: 'device claims: visitor work goes to the first account signed in on a device', sql: DEVICE_CLAIMS_MIGRATION },
  { version: 91, name: 'sales promotion: first show per account', sql: PROMOTION_MIGRATION },
  { version: 127, name: 'API keys of accounts (hashed)', sql: API_KEYS_MIGRATION },
  { version: 128, name: 'purchases: amount checks, review and partial refunds', sql: PURCHASE_CHECKS_MIGRATION },
  { version: 300, name: 'OpenID sign-in: one-time hand-off codes bound to the browser', sql: OIDC_HANDOFF_MIGRATION },
  { version: 301, name: 'email sign-in: wrong codes counted per code and per client, not per address', sql: LOGIN_GUESSES_MIGRATION },
  { version: 302, name: 'accounts: the person behind an address (free allowance and gift once per person)', sql: PERSON_KEY_MIGRATION },
];

/** Brings `db` to the current schema (start-up, tests). Returns how many migrations ran. */
export function migrate(db: Database): Promise<number> {
  return runMigrations(db, MIGRATIONS);
}
