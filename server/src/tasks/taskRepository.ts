import type { Database, Queryable } from '../db/database';
import type { TaskState } from '../../../engine/spec/api';
import { ResultCode } from '../../../engine/spec/errors';
import { ApiError } from '../envelope';
import { LIGHT_LANE_TYPES, laneOf } from '../queue/lanes';
import { taskEnds } from './taskEnds';

export interface TaskRecord {
  id: string;
  type: string;
  status: TaskState;
  progress: number;
  params: Record<string, unknown>;
  owner: string | null;
  jobId: string | null;
  resultUrl: string | null;
  resultCode: number | null;
  errorMsg: string | null;
  attempts: number;
  /** The worker lease id of the process running it (null while queued). */
  workerId: string | null;
}

interface TaskRow {
  id: string;
  type: string;
  status: TaskState;
  progress: number;
  params: unknown;
  owner: string | null;
  job_id: string | null;
  result_url: string | null;
  result_code: number | null;
  error_msg: string | null;
  attempts: number;
  worker_id?: string | null;
}

function fromRow(r: TaskRow): TaskRecord {
  return {
    id: r.id,
    type: r.type,
    status: r.status,
    progress: Number(r.progress),
    params: (typeof r.params === 'string' ? JSON.parse(r.params) : r.params) as Record<string, unknown>,
    owner: r.owner,
    jobId: r.job_id,
    resultUrl: r.result_url,
    resultCode: r.result_code,
    errorMsg: r.error_msg,
    attempts: Number(r.attempts),
    workerId: r.worker_id ?? null,
  };
}

/** Reads and writes the tasks table: the durable record the status route answers from. */
export class TaskRepository {
  constructor(private readonly db: Database) {}

  /**
   * Records a queued task, with the id its job will have when given; `q` is the transaction that also charges
   * for it, when there is one (else it runs in its own). Under the owner's lock it counts the owner's unfinished
   * tasks: with `maxActive` > 0 and that many already, it throws 429 instead of recording (issue 30, item 8: the
   * count and the insert are one step, so concurrent submits cannot pass the cap together, and a refusal rolls the
   * charge back). Returns the task's rank: the owner's unfinished tasks in its lane ahead of it (queue/lanes.ts).
   */
  async create(
    task: { id: string; type: string; params: Record<string, unknown>; owner: string | null; jobId?: string },
    q?: Queryable,
    limits: { maxActive?: number } = {},
  ): Promise<{ rank: number }> {
    const run = async (tx: Queryable) => {
      const { active, sameLane } = await this.lockAndCount(tx, task.owner, task.type);
      const cap = limits.maxActive ?? 0;
      if (cap > 0 && active >= cap) {
        throw new ApiError(ResultCode.SERVICE_UNAVAILABLE, `you already have ${cap} tasks waiting or running; submit more when some have finished`, 429);
      }
      await tx.query(`insert into tasks (id, type, status, params, owner, job_id) values ($1, $2, 'queued', $3, $4, $5)`, [
        task.id,
        task.type,
        JSON.stringify(task.params),
        task.owner,
        task.jobId ?? null,
      ]);
      return { rank: sameLane };
    };
    return q ? run(q) : this.db.transaction(run);
  }

  /**
   * Takes `owner`'s task lock for the rest of the transaction `tx` and counts their unfinished tasks, all and in
   * `type`'s lane. Taken after the charge's payer locks (creditLedger.ts), always in that order.
   */
  private async lockAndCount(tx: Queryable, owner: string | null, type: string): Promise<{ active: number; sameLane: number }> {
    if (owner === null) return { active: 0, sameLane: 0 };
    await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 7310))', [owner]);
    const { rows } = await tx.query<{ n: string | number; light: string | number }>(
      `select count(*) as n, count(*) filter (where type = any($2::text[])) as light
       from tasks where owner = $1 and status in ('queued', 'running')`,
      [owner, LIGHT_LANE_TYPES],
    );
    const active = Number(rows[0]?.n ?? 0);
    const light = Number(rows[0]?.light ?? 0);
    return { active, sameLane: laneOf(type) === 'light' ? light : active - light };
  }

  /**
   * Records several queued tasks of one owner and type in one transaction, with `also` (e.g. pointing batch
   * items at them) in it. Returns each task's rank in its lane (see {@link create}), in order.
   */
  async createMany(
    tasks: Array<{ id: string; type: string; params: Record<string, unknown>; owner: string | null; jobId?: string }>,
    also: (ids: string[], q: Queryable) => Promise<void>,
  ): Promise<number[]> {
    return this.db.transaction(async (tx) => {
      const first = tasks[0];
      const { sameLane } = first ? await this.lockAndCount(tx, first.owner, first.type) : { sameLane: 0 };
      await tx.query(
        `insert into tasks (id, type, status, params, owner, job_id)
         select id, type, 'queued', params::jsonb, owner, job_id
         from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) as t(id, type, params, owner, job_id)`,
        [
          tasks.map((t) => t.id),
          tasks.map((t) => t.type),
          tasks.map((t) => JSON.stringify(t.params)),
          tasks.map((t) => t.owner),
          tasks.map((t) => t.jobId ?? null),
        ],
      );
      await also(
        tasks.map((t) => t.id),
        tx,
      );
      return tasks.map((_, i) => sameLane + i);
    });
  }

  async setJobId(id: string, jobId: string): Promise<void> {
    await this.db.query('update tasks set job_id = $2 where id = $1', [id, jobId]);
  }

  async get(id: string): Promise<TaskRecord | null> {
    const { rows } = await this.db.query<TaskRow>('select * from tasks where id = $1', [id]);
    return rows[0] ? fromRow(rows[0]) : null;
  }

  async getMany(ids: string[]): Promise<Map<string, TaskRecord>> {
    const { rows } = await this.db.query<TaskRow>('select * from tasks where id = any($1::text[])', [ids]);
    return new Map(rows.map((r) => [r.id, fromRow(r)]));
  }

  /** How many of `owner`'s tasks are queued or running (the per-client queue cap). */
  async countActive(owner: string): Promise<number> {
    const { rows } = await this.db.query<{ n: string | number }>(`select count(*) as n from tasks where owner = $1 and status in ('queued', 'running')`, [
      owner,
    ]);
    return Number(rows[0]?.n ?? 0);
  }

  /** Marks a queued (or re-delivered running) task as running; false when it was cancelled or finished. */
  async start(id: string): Promise<boolean> {
    const { rows } = await this.db.query<{ id: string }>(
      `update tasks set status = 'running', started_at = now(), attempts = attempts + 1, progress = 0
       where id = $1 and status in ('queued', 'running') returning id`,
      [id],
    );
    return rows.length > 0;
  }

  async progress(id: string, progress: number): Promise<void> {
    await this.db.query(`update tasks set progress = $2 where id = $1 and status = 'running'`, [id, progress]);
  }

  async finish(id: string, resultUrl: string): Promise<void> {
    await this.db.query(
      `update tasks set status = 'done', progress = 1, result_url = $2, result_code = 100, finished_at = now()
       where id = $1 and status = 'running'`,
      [id, resultUrl],
    );
    taskEnds.announce([id]);
  }

  async fail(id: string, code: number, message: string): Promise<void> {
    await this.db.query(
      `update tasks set status = 'failed', result_code = $2, error_msg = $3, finished_at = now()
       where id = $1 and status in ('queued', 'running')`,
      [id, code, message],
    );
    taskEnds.announce([id]);
  }

  /** Cancels a task that has not finished; returns the task as it is afterwards. */
  async cancel(id: string): Promise<TaskRecord | null> {
    await this.db.query(`update tasks set status = 'cancelled', finished_at = now() where id = $1 and status in ('queued', 'running')`, [id]);
    taskEnds.announce([id]);
    return this.get(id);
  }

  async isCancelled(id: string): Promise<boolean> {
    const { rows } = await this.db.query<{ status: string }>('select status from tasks where id = $1', [id]);
    return rows[0]?.status === 'cancelled';
  }
}
