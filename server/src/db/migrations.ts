import { API_KEYS_MIGRATION, PURCHASE_CHECKS_MIGRATION } from '../apiKeys/schema';
import { ACCOUNTS_MIGRATION, COMMERCE_MIGRATION, CREDITS_MIGRATION, LEDGER_REQUESTER_MIGRATION, LOGIN_GUESSES_MIGRATION, OIDC_HANDOFF_MIGRATION, OIDC_MIGRATION, PERSON_KEY_MIGRATION } from '../accounts/schema';
import { DEVICE_CLAIMS_MIGRATION } from '../accounts/moveVisitorWork';
import { PROMOTION_MIGRATION } from '../commerce/promotions';
import { WORKER_LEASE_MIGRATION } from '../queue/leaseSchema';
import { REPORT_MIGRATION } from '../reports/reportSchema';
import { RETENTION_MIGRATION } from '../storage/retention';
import { BATCH_DOWNLOAD_LINKS_MIGRATION, BATCH_ITEM_KEYS_MIGRATION, BATCH_MIGRATION } from '../batch/schema';
import type { Database } from './database';

/**
 * Ordered schema migrations. Append only: a released migration is never edited,
 * a change is a new entry. They run at start, each in its own transaction.
 */
export const MIGRATIONS: { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'files and tasks',
    sql: `
      create table files (
        key text primary key,
        owner text,
        content_type text not null,
        size_bytes integer not null,
        width integer,
        height integer,
        func text,
        created_at timestamptz not null default now()
      );
      create table tasks (
        id text primary key,
        type text not null,
        status text not null check (status in ('queued','running','done','failed','cancelled')),
        progress real not null default 0,
        params jsonb not null,
        owner text,
        job_id text,
        result_url text,
        result_code integer,
        error_msg text,
        attempts integer not null default 0,
        created_at timestamptz not null default now(),
        started_at timestamptz,
        finished_at timestamptz
      );
      create index tasks_status_idx on tasks (status);
    `,
  },
  {
    version: 2,
    name: 'projects and project assets',
    // Keyed by (owner, id): a copied id never reaches, or reveals, another owner's project.
    sql: `
      create table projects (
        owner text not null,
        id text not null,
        type text not null check (type in ('project','cutouts')),
        name text not null default '',
        doc jsonb not null,
        revision integer not null default 1,
        canvas_w integer not null default 0,
        canvas_h integer not null default 0,
        layer_count integer not null default 0,
        thumbnail_key text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        deleted_at timestamptz,
        primary key (owner, id)
      );
      create index projects_list_idx on projects (owner, type, updated_at desc) where deleted_at is null;
      create table project_assets (
        owner text not null,
        project_id text not null,
        asset_id text not null,
        content_type text not null,
        size_bytes integer not null,
        storage_key text not null,
        created_at timestamptz not null default now(),
        primary key (owner, project_id, asset_id),
        foreign key (owner, project_id) references projects (owner, id) on delete cascade
      );
    `,
  },
  { version: 3, name: 'client reports: task timings and failed-call events', sql: REPORT_MIGRATION },
  { version: 10, name: 'accounts, sign-in codes and sessions', sql: ACCOUNTS_MIGRATION },
  { version: 11, name: 'credit ledger', sql: CREDITS_MIGRATION },
  { version: 12, name: 'subscriptions, purchases and payment events', sql: COMMERCE_MIGRATION },
  { version: 13, name: 'OpenID Connect sign-ins in flight', sql: OIDC_MIGRATION },
  { version: 14, name: 'credit ledger: requester of visitor spends', sql: LEDGER_REQUESTER_MIGRATION },
  {
    // The per-client queue cap counts a caller's unfinished tasks on every submit; file ownership looks up by owner.
    version: 30,
    name: 'owners: unfinished tasks and files by owner',
    sql: `
      create index if not exists tasks_owner_active_idx on tasks (owner) where status in ('queued', 'running');
      create index if not exists files_owner_idx on files (owner);
    `,
  },
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

/** Applies every migration newer than the database's version. Safe to call from several processes. */
export async function runMigrations(db: Database): Promise<number> {
  await db.exec(`create table if not exists schema_migrations (
    version integer primary key, name text not null, applied_at timestamptz not null default now())`);
  const { rows } = await db.query<{ version: number }>('select version from schema_migrations');
  const applied = new Set(rows.map((r) => Number(r.version)));
  let count = 0;
  for (const m of MIGRATIONS) {
    if (applied.has(m.version)) continue;
    // The advisory lock keeps two processes starting together from applying the same step.
    await db.exec(`begin;
      select pg_advisory_xact_lock(72731001);
      ${m.sql}
      insert into schema_migrations (version, name) values (${m.version}, '${m.name.replace(/'/g, "''")}');
      commit;`).catch(async (err: Error) => {
      await db.exec('rollback').catch(() => undefined);
      const again = await db.query<{ version: number }>('select version from schema_migrations where version = $1', [m.version]);
      if (again.rows.length === 0) throw err; // someone else applied it meanwhile otherwise
    });
    count += 1;
  }
  return count;
}
