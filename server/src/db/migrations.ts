import type { Database } from './database';

/** One schema step: `sql` runs once, in its own transaction, recorded under `version` in schema_migrations. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/**
 * The core's own tables: files and tasks, and the owner indexes every submit uses. Each feature keeps its tables'
 * migrations in its own folder; server/src/schema.ts lists them all in one place (the core knows no feature).
 * Append only: a released migration is never edited, a change is a new entry.
 */
export const CORE_MIGRATIONS: readonly Migration[] = [
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
    // The per-client queue cap counts a caller's unfinished tasks on every submit; file ownership looks up by owner.
    version: 30,
    name: 'owners: unfinished tasks and files by owner',
    sql: `
      create index if not exists tasks_owner_active_idx on tasks (owner) where status in ('queued', 'running');
      create index if not exists files_owner_idx on files (owner);
    `,
  },
];

/**
 * Applies every migration of `migrations` not yet recorded, in version order. Safe to call from several processes.
 * The server's list is server/src/schema.ts (its `migrate`).
 */
export async function runMigrations(db: Database, migrations: readonly Migration[]): Promise<number> {
  await db.exec(`create table if not exists schema_migrations (
    version integer primary key, name text not null, applied_at timestamptz not null default now())`);
  const { rows } = await db.query<{ version: number }>('select version from schema_migrations');
  const applied = new Set(rows.map((r) => Number(r.version)));
  let count = 0;
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(m.version)) continue;
    // The advisory lock keeps two processes starting together from applying the same step.
    await db
      .exec(`begin;
      select pg_advisory_xact_lock(72731001);
      ${m.sql}
      insert into schema_migrations (version, name) values (${m.version}, '${m.name.replace(/'/g, "''")}');
      commit;`)
      .catch(async (err: Error) => {
        await db.exec('rollback').catch(() => undefined);
        const again = await db.query<{ version: number }>('select version from schema_migrations where version = $1', [m.version]);
        if (again.rows.length === 0) throw err; // someone else applied it meanwhile otherwise
      });
    count += 1;
  }
  return count;
}
