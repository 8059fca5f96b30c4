import { createHash } from 'node:crypto';
import type { Database } from '../db/database';
import { accountOwnerKey } from './accountRepository';

const DEVICE_ID_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;
/** The owner key projects/ownerKey.ts gives a visitor's device. */
const deviceOwnerKey = (deviceId: string): string => createHash('sha256').update(`device:${deviceId}`).digest('hex');

export interface MovedWork { projects: number; tasks: number }

/**
 * Moves what a visitor made on this device (projects and cut-outs with their assets, task history)
 * to the account it signs into, in one transaction. A project id the account already has stays
 * with the device. Files keep their storage keys; only the owner changes.
 */
export async function moveVisitorWork(db: Database, deviceId: string | undefined, accountId: string): Promise<MovedWork> {
  if (!deviceId || !DEVICE_ID_SHAPE.test(deviceId)) return { projects: 0, tasks: 0 };
  const from = deviceOwnerKey(deviceId);
  const to = accountOwnerKey(accountId);
  return db.transaction(async (tx) => {
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
    return { projects: ids.length, tasks: tasks.length };
  });
}
