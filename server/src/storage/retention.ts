import type { Database } from '../db/database';
import type { FileStorage } from './storage';

/** Schema of retention (migration 50): the lease that lets one node at a time sweep, and a time index on files. */
export const RETENTION_MIGRATION = `
  create table maintenance_leases (
    name text primary key,
    holder text not null,
    lease_until timestamptz not null,
    last_report jsonb
  );
  create index files_created_idx on files (created_at);
`;

/** What one sweep removed. */
export interface SweepReport {
  /** Visitor files (uploads, results, detection masks) past the retention time. */
  files: number;
  /** Soft-deleted projects whose rows and files were removed. */
  projects: number;
  /** Finished task rows past the retention time (their results are gone). */
  tasks: number;
}

/** Files deleted per query; a sweep repeats until nothing old is left. */
const BATCH = 200;

/**
 * `/files/<key>` references in the documents of live projects: a layer's image may be a visitor
 * upload or a task result (an opened result, a cut-out), and those must stay while the project does.
 * Both same-origin paths and absolute URLs match; the key stops at a quote, `?` or `#`.
 */
const LIVE_PROJECT_REFERENCES = `
  select distinct m[1] as key
  from projects p, regexp_matches(p.doc::text, '/files/([A-Za-z0-9_./-]+)', 'g') as m
  where p.deleted_at is null`;

/**
 * Deletes what has outlived `retentionMs`:
 * - visitor files (`files` rows outside `projects/`) older than that, except those a live project's
 *   document references or a queued or running task still reads;
 * - projects deleted longer ago than that, with their assets and thumbnails;
 * - finished task rows older than that.
 * Live projects and their assets are never touched, however old. Safe to run again after a crash:
 * a file is deleted before its row, and deleting a missing file succeeds.
 */
export async function sweepExpired(db: Database, storage: FileStorage, retentionMs: number, now = new Date()): Promise<SweepReport> {
  const cutoff = new Date(now.getTime() - retentionMs);
  const report: SweepReport = { files: 0, projects: 0, tasks: 0 };

  for (;;) {
    const { rows } = await db.query<{ key: string }>(
      `with live_refs as (${LIVE_PROJECT_REFERENCES})
       select f.key from files f
       where f.created_at < $1 and left(f.key, 9) <> 'projects/'
         and not exists (select 1 from live_refs r where r.key = f.key)
         and not exists (select 1 from tasks t where t.status in ('queued', 'running') and position(f.key in t.params::text) > 0)
       order by f.created_at limit ${BATCH}`,
      [cutoff],
    );
    for (const { key } of rows) {
      await storage.delete(key);
      await db.query('delete from files where key = $1', [key]);
    }
    report.files += rows.length;
    if (rows.length < BATCH) break;
  }

  const deleted = await db.query<{ owner: string; id: string; thumbnailKey: string | null }>(
    `select owner, id, thumbnail_key as "thumbnailKey" from projects where deleted_at is not null and deleted_at < $1`,
    [cutoff],
  );
  for (const project of deleted.rows) {
    const prefix = `projects/${project.owner}/${project.id}/`;
    const { rows } = await db.query<{ key: string }>(
      `select storage_key as key from project_assets where owner = $1 and project_id = $2
       union select key from files where left(key, length($3)) = $3`,
      [project.owner, project.id, prefix],
    );
    const keys = new Set(rows.map((r) => r.key));
    if (project.thumbnailKey) keys.add(project.thumbnailKey);
    for (const key of keys) {
      await storage.delete(key);
      await db.query('delete from files where key = $1', [key]);
    }
    // project_assets go with the project (on delete cascade).
    await db.query('delete from projects where owner = $1 and id = $2 and deleted_at is not null', [project.owner, project.id]);
    report.projects += 1;
  }

  const tasks = await db.query<{ id: string }>(
    `delete from tasks where status in ('done', 'failed', 'cancelled') and coalesce(finished_at, created_at) < $1 returning id`,
    [cutoff],
  );
  report.tasks = tasks.rows.length;
  return report;
}
