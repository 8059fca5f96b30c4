import type { Database } from '../db/database';
import { taskEnds } from './taskEnds';
import { TaskRepository } from './taskRepository';

/**
 * The tasks table as one worker process sees it: `start` claims a queued task for this worker
 * (its lease id), and progress, finish and fail only apply while the task is still this
 * worker's. A worker presumed dead whose task was handed to another one can therefore never
 * finish it a second time.
 */
export class WorkerTaskRepository extends TaskRepository {
  constructor(
    private readonly database: Database,
    readonly workerId: string,
  ) {
    super(database);
  }

  /** Claims a queued task; false when it was cancelled, finished or is being run by another worker. */
  override async start(id: string): Promise<boolean> {
    const { rows } = await this.database.query<{ id: string }>(
      `update tasks set status = 'running', started_at = now(), attempts = attempts + 1, progress = 0, worker_id = $2
       where id = $1 and status = 'queued' returning id`,
      [id, this.workerId],
    );
    return rows.length > 0;
  }

  /**
   * Claims several queued tasks in one statement (light task types, tasks/runLightTasks.ts); returns the
   * ones this worker now runs. A cancelled, finished or already claimed task is left out.
   */
  async startMany(ids: string[]): Promise<Array<{ id: string; type: string; params: Record<string, unknown> }>> {
    if (ids.length === 0) return [];
    const { rows } = await this.database.query<{ id: string; type: string; params: unknown }>(
      `update tasks set status = 'running', started_at = now(), attempts = attempts + 1, progress = 0, worker_id = $2
       where id = any($1::text[]) and status = 'queued' returning id, type, params`,
      [ids, this.workerId],
    );
    return rows.map((r) => ({ id: r.id, type: r.type, params: (typeof r.params === 'string' ? JSON.parse(r.params) : r.params) as Record<string, unknown> }));
  }

  /** Finishes several tasks in one statement: each id with its result URL (only those still this worker's). */
  async finishMany(results: Array<{ id: string; resultUrl: string }>): Promise<void> {
    if (results.length === 0) return;
    await this.database.query(
      `update tasks t set status = 'done', progress = 1, result_url = r.url, result_code = 100, finished_at = now()
       from unnest($1::text[], $2::text[]) as r(id, url)
       where t.id = r.id and t.status = 'running' and t.worker_id = $3`,
      [results.map((r) => r.id), results.map((r) => r.resultUrl), this.workerId],
    );
    taskEnds.announce(results.map((r) => r.id));
  }

  override async progress(id: string, progress: number): Promise<void> {
    await this.database.query(`update tasks set progress = $2 where id = $1 and status = 'running' and worker_id = $3`, [id, progress, this.workerId]);
  }

  override async finish(id: string, resultUrl: string): Promise<void> {
    await this.database.query(
      `update tasks set status = 'done', progress = 1, result_url = $2, result_code = 100, finished_at = now()
       where id = $1 and status = 'running' and worker_id = $3`,
      [id, resultUrl, this.workerId],
    );
    taskEnds.announce([id]);
  }

  override async fail(id: string, code: number, message: string): Promise<void> {
    await this.database.query(
      `update tasks set status = 'failed', result_code = $2, error_msg = $3, finished_at = now()
       where id = $1 and status = 'running' and worker_id = $4`,
      [id, code, message, this.workerId],
    );
    taskEnds.announce([id]);
  }

  /**
   * Gives a running task back to the queue (graceful shutdown ran out of time): it is queued
   * again without counting this attempt. True when it was still this worker's.
   */
  async release(id: string): Promise<boolean> {
    const { rows } = await this.database.query<{ id: string }>(
      `update tasks set status = 'queued', worker_id = null, progress = 0, attempts = greatest(attempts - 1, 0)
       where id = $1 and status = 'running' and worker_id = $2 returning id`,
      [id, this.workerId],
    );
    return rows.length > 0;
  }
}
