import { ResultCode } from '../../../engine/spec/errors';
import type { Database } from '../db/database';
import { ALL_QUEUES, type JobQueue } from './jobQueue';
import { RETRY_PRIORITY } from './lanes';
import { LEASE_TTL_MS } from './workerLease';

/** A task whose worker died this many times fails instead of taking a fourth worker down with it. */
export const MAX_TASK_ATTEMPTS = 3;
/** How often every process looks for stranded tasks. With LEASE_TTL_MS a dead worker's task moves on within ~17 s. */
export const RECOVERY_SWEEP_MS = 5_000;
/** A queued task whose job no worker took up (or whose job vanished) for this long is queued again. */
const ORPHAN_AFTER_SECONDS = 30;

export const WORKER_DIED_MESSAGE = `the worker running this task stopped ${MAX_TASK_ATTEMPTS} times (crash or out of memory); try a smaller picture`;

export interface RecoveryResult {
  /** Tasks queued again after their worker's lease lapsed (or whose job was lost). */
  requeued: string[];
  /** Tasks that failed because their worker died MAX_TASK_ATTEMPTS times. */
  failed: string[];
}

interface StrandedRow {
  id: string;
  type: string;
  worker_id: string | null;
  job_id: string | null;
}

/**
 * Finds tasks stranded by a dead worker and moves each on exactly once: queued again (a fresh
 * job) or, after MAX_TASK_ATTEMPTS, failed with GPU_HANDLE_FAILED and a message that says why.
 * Safe to run in every process at once: each move is one conditional update that only one
 * sweep wins.
 *
 * `othersAreDead`: no other process can be running tasks (the embedded database belongs to one
 * process), so at start every task still marked running is stranded, whatever its lease says.
 */
export async function recoverStrandedTasks(db: Database, queue: JobQueue, options: { selfId: string; othersAreDead: boolean }): Promise<RecoveryResult> {
  const result: RecoveryResult = { requeued: [], failed: [] };
  const { rows: stranded } = await db.query<StrandedRow>(
    `select t.id, t.type, t.worker_id, t.job_id from tasks t
     where t.status = 'running' and t.worker_id is distinct from $1
       and ($2::boolean or t.worker_id is null or not exists (
         select 1 from worker_leases l
         where l.worker_id = t.worker_id and l.heartbeat_at > now() - make_interval(secs => $3::double precision)))
     limit 100`,
    [options.selfId, options.othersAreDead, LEASE_TTL_MS / 1000],
  );
  for (const task of stranded) {
    const { rows } = await db.query<{ status: string }>(
      `update tasks set
         status = case when attempts >= $3 then 'failed' else 'queued' end,
         result_code = case when attempts >= $3 then $4 else result_code end,
         error_msg = case when attempts >= $3 then $5 else error_msg end,
         finished_at = case when attempts >= $3 then now() else finished_at end,
         worker_id = null, progress = 0
       where id = $1 and status = 'running' and worker_id is not distinct from $2
       returning status`,
      [task.id, task.worker_id, MAX_TASK_ATTEMPTS, ResultCode.GPU_HANDLE_FAILED, WORKER_DIED_MESSAGE],
    );
    if (!rows[0]) continue; // another sweep (or the worker itself) got there first
    // The dead worker's pg-boss job would otherwise stay "active" until its expiry.
    if (task.job_id) await queue.cancel(task.type, task.job_id);
    if (rows[0].status === 'failed') {
      result.failed.push(task.id);
      continue;
    }
    // It already waited its turn once: it goes ahead of every first-time job (issue 30, item 13).
    await db.query('update tasks set job_id = $2 where id = $1', [task.id, await queue.enqueue(task.type, { taskId: task.id }, undefined, RETRY_PRIORITY)]);
    result.requeued.push(task.id);
  }
  result.requeued.push(...(await requeueOrphans(db, queue)));
  return result;
}

/**
 * Queued tasks without a live job: the process died between taking the job and claiming the
 * task, or between recording the task and queueing it. Each gets a fresh job.
 */
async function requeueOrphans(db: Database, queue: JobQueue): Promise<string[]> {
  const { rows: orphans } = await db.query<{ id: string; type: string; job_id: string | null }>(
    `select t.id, t.type, t.job_id from tasks t
     where t.status = 'queued' and t.created_at < now() - make_interval(secs => $1::double precision)
       and not exists (
         select 1 from ${queue.schema}.job j
         where j.name = any($2::text[]) and j.id::text = t.job_id
           and (j.state in ('created', 'retry') or (j.state = 'active' and j.started_on > now() - make_interval(secs => $1::double precision))))
     limit 100`,
    [ORPHAN_AFTER_SECONDS, ALL_QUEUES],
  );
  const requeued: string[] = [];
  for (const task of orphans) {
    // Claim the orphan first, so two sweeps never both queue it.
    const claim = `requeue:${Date.now()}:${Math.random().toString(36).slice(2)}`;
    const { rows } = await db.query<{ id: string }>(
      `update tasks set job_id = $3 where id = $1 and status = 'queued' and job_id is not distinct from $2 returning id`,
      [task.id, task.job_id, claim],
    );
    if (!rows[0]) continue;
    if (task.job_id) await queue.cancel(task.type, task.job_id);
    const jobId = await queue.enqueue(task.type, { taskId: task.id }, undefined, RETRY_PRIORITY);
    await db.query('update tasks set job_id = $2 where id = $1 and job_id = $3', [task.id, jobId, claim]);
    requeued.push(task.id);
  }
  return requeued;
}
