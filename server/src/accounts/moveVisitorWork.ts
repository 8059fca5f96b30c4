import { createHash } from 'node:crypto';
import type { Database } from '../db/database';
import { accountOwnerKey } from './accountRepository';

const DEVICE_ID_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;
/** The owner key projects/ownerKey.ts gives a visitor's device. */
const deviceOwnerKey = (deviceId: string): string => createHash('sha256').update(`device:${deviceId}`).digest('hex');

export interface MovedWork {
  projects: number;
  tasks: number;
  files: number;
}

/** Schema: which account a device's visitor work went to (the first account signed in on it). */
export const DEVICE_CLAIMS_MIGRATION = `
  create table if not exists device_claims (
    device_owner text primary key,
    account_id text not null,
    claimed_at timestamptz not null default now()
  );
`;

/**
 * Moves what a visitor made on this device (projects and cut-outs with their assets, task history, uploads)
 * to the account it signs into, in one transaction. A project id the account already has stays
 * with the device. Files keep their storage keys; only the owner changes.
 *
 * Only the device's first account gets its visitor work (and, on its later sign-ins there, what was
 * made signed out since): on a shared computer, someone else signing in later does not collect it.
 */
export async function moveVisitorWork(db: Database, deviceId: string | undefined, accountId: string): Promise<MovedWork> {
  if (!deviceId || !DEVICE_ID_SHAPE.test(deviceId)) return { projects: 0, tasks: 0, files: 0 };
  const from = deviceOwnerKey(deviceId);
  const to = accountOwnerKey(accountId);
  return db.transaction(async (tx) => {
    await tx.query('insert into device_claims (device_owner, account_id) values ($1, $2) on conflict (device_owner) do nothing', [from, accountId]);
    const claim = await tx.query<{ account_id: string }>('select account_id from device_claims where device_owner = $1', [from]);
    if (claim.rows[0]?.account_id !== accountId) return { projects: 0, tasks: 0, files: 0 };
    // Parents first under the new owner, then the assets follow, then the old parents go.
    const { rows: moved } = await tx.query<{ id: string }>(
      `insert into projects (owner, id, type, name, doc, revision, canvas_w, canvas_h, layer_count, thumbnail_key, created_at, updated_at, deleted_at)
       select $2, id, type, name, doc, revision, canvas_w, canvas_h, layer_count, thumbnail_key, created_at, updated_at, deleted_at
       from projects where owner = $1
       on conflict (owner, id) do nothing returning id`,
      [from, to],
    );
    const ids = moved.map((r) => r.id);
    if (ids.length > 0) {
      await tx.query(`update project_assets set owner = $2 where owner = $1 and project_id = any($3::text[])`, [from, to, ids]);
      await tx.query(`delete from projects where owner = $1 and id = any($2::text[])`, [from, ids]);
    }
    const { rows: tasks } = await tx.query(`update tasks set owner = $2 where owner = $1 returning id`, [from, to]);
    // Batches (server/src/batch) follow their tasks, so a batch started before signing in can be resumed after.
    await tx.query(`update batches set owner = $2 where owner = $1`, [from, to]);
    // Uploads and detection masks too (issue 30 item 12): a photo uploaded just before signing in is
    // then the account's, usable as a task input by the signed-in page.
    const { rows: files } = await tx.query(`update files set owner = $2 where owner = $1 returning key`, [from, to]);
    return { projects: ids.length, tasks: tasks.length, files: files.length };
  });
}
