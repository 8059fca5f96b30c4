import PgBoss from 'pg-boss';
import type { Database } from '../db/database';
import { log } from '../logging';

/** What a queued job carries: our task id (and its type, for logs); everything else is read from the tasks table. */
export interface TaskJobData {
  taskId: string;
  type?: string;
}

/**
 * The one pg-boss queue every task type shares, so a process runs one bounded pool of heavy
 * jobs (WORKERS at once) instead of a loop per task type.
 */
export const TASK_QUEUE = 'lumacut-tasks';

/**
 * The job queue: pg-boss on the same PostgreSQL database as the rest of the data
 * (embedded PGlite or a server). pg-boss delivers jobs; worker leases (workerLease.ts) and
 * the recovery sweep (recovery.ts) notice dead workers in seconds, so pg-boss's own expiry
 * and retry are only a late backstop.
 */
export interface JobQueue {
  /** The pg-boss schema, for the recovery sweep's look at job states. */
  readonly schema: string;
  enqueue(taskType: string, data: TaskJobData): Promise<string>;
  /** Starts `concurrency` polling loops over all task types: at most that many jobs run at once here. */
  work(concurrency: number, handler: (data: TaskJobData) => Promise<void>): Promise<void>;
  /** Stops taking new jobs; running handlers go on (graceful shutdown). */
  stopWorking(): Promise<void>;
  cancel(taskType: string, jobId: string): Promise<void>;
  stop(): Promise<void>;
}

/** Adapts our Database to pg-boss's `db.executeSql`, so pg-boss shares the app's connection (and PGlite). */
function bossDb(db: Database): PgBoss.Db {
  // Parameterless text may hold several statements (pg-boss migrations); Database.query handles both.
  return { executeSql: (text: string, values?: unknown[]) => db.query(text, values ?? []) };
}

export interface QueueOptions {
  schema: string;
  /** Seconds between polls of an idle worker (pg-boss minimum 0.5). */
  pollingIntervalSeconds?: number;
  /** Queue maintenance (archiving, late expiry); off for short-lived test queues. */
  supervise?: boolean;
}

export async function createJobQueue(db: Database, options: QueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({
    db: bossDb(db),
    schema: options.schema,
    supervise: options.supervise ?? true,
    schedule: false,
    migrate: true,
  });
  boss.on('error', (err: Error) => log.error('queue error', { error: err.message }));
  await boss.start();
  // No pg-boss retries: a job whose worker died is re-queued by the recovery sweep, which counts
  // attempts on the task itself. The expiry only ends the pg-boss record of a job that outlived it.
  const queueOptions = { name: TASK_QUEUE, retryLimit: 0, expireInSeconds: 4 * 3600 };
  await boss.createQueue(TASK_QUEUE, queueOptions).catch(async (err: Error) => {
    if (!(await boss.getQueue(TASK_QUEUE))) throw err;
  });
  const polling = Math.max(0.5, options.pollingIntervalSeconds ?? 0.5);
  return {
    schema: options.schema,
    async enqueue(taskType, data) {
      const id = await boss.send(TASK_QUEUE, { ...data, type: taskType });
      if (!id) throw new Error(`queue refused a ${taskType} job`);
      return id;
    },
    async work(concurrency, handler) {
      for (let i = 0; i < concurrency; i++) {
        let workerId: string | null = null;
        workerId = await boss.work<TaskJobData>(TASK_QUEUE, { batchSize: 1, pollingIntervalSeconds: polling }, async (jobs) => {
          for (const job of jobs) await handler(job.data);
          // pg-boss waits out the polling interval after every fetch, even one that found a job: a loop
          // would run at most 2 short jobs a second (bulk resizing: ~5 ms each). A loop that just finished
          // a job asks for the next at once; only an idle loop waits the interval.
          if (jobs.length > 0 && workerId) boss.notifyWorker(workerId);
        });
      }
    },
    async stopWorking() {
      await boss.offWork(TASK_QUEUE);
    },
    async cancel(_taskType, jobId) {
      await boss.cancel(TASK_QUEUE, jobId).catch(() => undefined);
    },
    async stop() {
      await boss.stop({ graceful: false, close: false, wait: true });
    },
  };
}
