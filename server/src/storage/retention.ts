import type { Database } from '../db/database';
import type { FileStorage } from './storage';
import { KeptFiles } from './keptFiles';
import { TrackedStorage } from './trackedStorage';

/** Schema of retention (migration 50): the lease that lets one node at a time sweep, and a time index on files. */
export const RETENTION_MIGRATION = `
  create table maintenance_leases (
    name text primary key,
    holder text not null,
    lease_until timestamptz not null,
    last_report jsonb
  );
  create index files_created_idx on files (created_at, key);
  -- Results stored before every file had a row: recorded from their tasks, dated when they finished.
  insert into files (key, content_type, size_bytes, created_at)
    select substring(result_url from '^/files/(results/.+)$'),
           case when result_url like '%.png' then 'image/png' when result_url like '%.jpg' then 'image/jpeg'
                when result_url like '%.webp' then 'image/webp' else 'application/octet-stream' end,
           0, coalesce(finished_at, created_at)
    from tasks where result_url like '/files/results/%'
    on conflict (key) do nothing;
`;

/** What one sweep removed. */
export interface SweepReport {
  /** Visitor files (uploads, results, detection masks) past the retention time. */
  files: number;
  /** Soft-deleted projects whose rows and files were removed. */
  projects: number;
  /** Finished task rows past the retention time (their results are gone). */
  tasks: number;
  /** Batch download links (batch_download_links) past their own expiry time, whatever the retention time. */
  downloadLinks: number;
}

/** Files deleted per query; a sweep repeats until nothing old is left. */
const BATCH = 500;
/** Deletes in flight at once: S3 round trips overlap, without flooding the bucket. */
const PARALLEL_DELETES = 8;

/**
 * Deletes the bytes of `keys`, then their rows in one statement. Bytes first: a crash in between
 * leaves rows whose files are gone, which the next sweep deletes again (a missing file deletes fine).
 */
async function deleteFiles(db: Database, storage: FileStorage, keys: string[]): Promise<void> {
  // The sweep removes rows itself, in one statement per batch, rather than one per file.
  const bytes = storage instanceof TrackedStorage ? storage.untracked : storage;
  let next = 0;
  const lane = async () => {
    while (next < keys.length) await bytes.delete(keys[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_DELETES, keys.length) }, lane));
  await db.query('delete from files where key = any($1::text[])', [keys]);
}

/**
 * Deletes what has outlived `retentionMs`:
 * - visitor files (`files` rows outside `projects/`) older than that, except those a live project's
 *   document references or a queued or running task still reads;
 * - projects deleted longer ago than that, with their assets and thumbnails;
 * - finished task rows older than that;
 * - batch download links past their expiry (minutes old: they are useless once expired, and minting a new
 *   link no longer has to be what clears them).
 * Live projects and their assets are never touched, however old. Safe to run again after a crash:
 * a file is deleted before its row, and deleting a missing file succeeds.
 */
export async function sweepExpired(db: Database, storage: FileStorage, retentionMs: number, now = new Date()): Promise<SweepReport> {
  const cutoff = new Date(now.getTime() - retentionMs);
  const report: SweepReport = { files: 0, projects: 0, tasks: 0, downloadLinks: 0 };

  const kept = await KeptFiles.load(db);
  // Keyset paging on (created_at, key): kept files never make the sweep read the same page again.
  let after = { createdAt: '-infinity', key: '' };
  for (;;) {
    // Each file with its owner: its row's, or for a task result without one, the task's (a project keeps only its
    // owner's files).
    const { rows } = await db.query<{ key: string; createdAt: string; owner: string | null }>(
      `select f.key, f.created_at::text as "createdAt", coalesce(f.owner, t.owner) as owner from files f
       left join tasks t on left(f.key, 8) = 'results/' and t.id = substring(f.key from '([^/.]+)\\.[^./]+$') and t.result_url = '/files/' || f.key
       where f.created_at < $1 and left(f.key, 9) <> 'projects/' and (f.created_at, f.key) > ($2::timestamptz, $3)
       order by f.created_at, f.key limit ${BATCH}`,
      [cutoff, after.createdAt, after.key],
    );
    if (rows.length === 0) break;
    after = rows[rows.length - 1];
    await kept.refresh();
    const expired = rows.filter((r) => !kept.has(r.key, r.owner)).map((r) => r.key);
    if (expired.length > 0) await deleteFiles(db, storage, expired);
    report.files += expired.length;
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
    await deleteFiles(db, storage, [...keys]);
    // project_assets go with the project (on delete cascade).
    await db.query('delete from projects where owner = $1 and id = $2 and deleted_at is not null', [project.owner, project.id]);
    report.projects += 1;
  }

  // A kept result outlives its task row: its file row takes the task's owner first, so the owner can still use it
  // as a task input (security/fileAccess.ts) once the row is gone.
  await db.query(
    `update files f set owner = t.owner from tasks t
     where t.status = 'done' and coalesce(t.finished_at, t.created_at) < $1 and t.owner is not null
       and t.result_url like '/files/results/%' and f.key = substring(t.result_url from 8) and f.owner is null`,
    [cutoff],
  );
  const tasks = await db.query<{ id: string }>(
    `delete from tasks where status in ('done', 'failed', 'cancelled') and coalesce(finished_at, created_at) < $1 returning id`,
    [cutoff],
  );
  report.tasks = tasks.rows.length;
  const links = await db.query<{ token: string }>('delete from batch_download_links where expires_at < $1 returning token', [now]);
  report.downloadLinks = links.rows.length;
  return report;
}
