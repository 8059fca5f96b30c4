import PgBoss from 'pg-boss';
import type { Database } from '../db/database';

/** What a queued job carries: our task id; everything else is read from the tasks table. */
export interface TaskJobData {
  taskId: string;
}

/**
 * The job queue: pg-boss on the same PostgreSQL database as the rest of the data
 * (embedded PGlite or a server). One pg-boss queue per task type, so each type can get
 * its own concurrency and expiry.
 */
export interface JobQueue {
  enqueue(taskType: string, data: TaskJobData): Promise<string>;
  /** Starts `concurrency` polling loops for a task type in this process. */
  work(taskType: string, concurrency: number, handler: (data: TaskJobData) => Promise<void>): Promise<void>;
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
  /** Queue maintenance (expiry of stuck jobs, archiving); off for short-lived test queues. */
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
  boss.on('error', (err: Error) => console.error('queue error:', err.message));
  await boss.start();
  const created = new Set<string>();
  const ensureQueue = async (name: string) => {
    if (created.has(name)) return;
    // A job that is still "active" 10 minutes later belonged to a process that died:
    // pg-boss expires it and, with the retry below, runs it again on a live worker.
    await boss.createQueue(name, { name, retryLimit: 2, retryDelay: 1, expireInSeconds: 600 }).catch(async (err: Error) => {
      if (!(await boss.getQueue(name))) throw err;
    });
    created.add(name);
  };
  const polling = Math.max(0.5, options.pollingIntervalSeconds ?? 0.5);
  return {
    async enqueue(taskType, data) {
      await ensureQueue(taskType);
      const id = await boss.send(taskType, data);
      if (!id) throw new Error(`queue refused a ${taskType} job`);
      return id;
    },
    async work(taskType, concurrency, handler) {
      await ensureQueue(taskType);
      for (let i = 0; i < concurrency; i++) {
        await boss.work<TaskJobData>(taskType, { batchSize: 1, pollingIntervalSeconds: polling }, async (jobs) => {
          for (const job of jobs) await handler(job.data);
        });
      }
    },
    async cancel(taskType, jobId) {
      await boss.cancel(taskType, jobId).catch(() => undefined);
    },
    async stop() {
      await boss.stop({ graceful: true, close: false, wait: true, timeout: 5000 });
    },
  };
}
