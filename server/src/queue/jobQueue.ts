import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Database } from '../db/database';
import { log } from '../logging';
import { isLightTaskType } from './lightTasks';

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
/** The queue of light task types (lightTasks.ts), claimed several jobs per fetch. */
export const LIGHT_QUEUE = 'lumacut-light';
/** The queue a task type's jobs go to. */
export const queueFor = (taskType: string): string => (isLightTaskType(taskType) ? LIGHT_QUEUE : TASK_QUEUE);

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
  /**
   * Queues one job per task id in one statement; returns the job ids in the same order. `jobIds` are the ids
   * to give the jobs (recorded on the tasks beforehand, so no statement has to record them afterwards).
   */
  enqueueMany(taskType: string, taskIds: string[], jobIds?: string[]): Promise<string[]>;
  /** Starts `concurrency` polling loops over all heavy task types: at most that many jobs run at once here. */
  work(concurrency: number, handler: (data: TaskJobData) => Promise<void>): Promise<void>;
  /**
   * Starts one polling loop over the light queue: it claims up to `batchSize` jobs per fetch and hands them
   * to `handler` together (completed together when it resolves), with at most `groups` groups at once.
   */
  workLight(groups: number, batchSize: number, handler: (data: TaskJobData[]) => Promise<void>): Promise<void>;
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
  for (const name of [TASK_QUEUE, LIGHT_QUEUE]) {
    await boss.createQueue(name, { ...queueOptions, name }).catch(async (err: Error) => {
      if (!(await boss.getQueue(name))) throw err;
    });
  }
  const polling = Math.max(0.5, options.pollingIntervalSeconds ?? 0.5);
  let lightStopped = false;
  let lightLoop: Promise<void> | null = null;
  // An idle light loop sleeps between polls; a light job queued by this process wakes it at once, so a batch
  // started here does not wait out the polling interval before its first photo.
  let wake: () => void = () => undefined;
  const woken = () => new Promise<void>((r) => (wake = r));
  const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());
  return {
    schema: options.schema,
    async enqueue(taskType, data) {
      const id = await boss.send(queueFor(taskType), { ...data, type: taskType });
      if (!id) throw new Error(`queue refused a ${taskType} job`);
      if (isLightTaskType(taskType)) wake();
      return id;
    },
    async enqueueMany(taskType, taskIds, jobIds) {
      const ids = jobIds ?? taskIds.map(() => randomUUID());
      const name = queueFor(taskType);
      await boss.insert(taskIds.map((taskId, i) => ({ id: ids[i], name, data: { taskId, type: taskType }, retryLimit: 0, expireInSeconds: queueOptions.expireInSeconds })));
      if (name === LIGHT_QUEUE) wake();
      return ids;
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
    async workLight(groups, batchSize, handler) {
      // Our own fetch loop rather than boss.work: it claims the next group while earlier ones still run, so
      // the photo pipelines never wait for a group's bookkeeping (claim, results, finish, completion).
      lightStopped = false;
      const inFlight = new Set<Promise<void>>();
      const loop = async () => {
        while (!lightStopped) {
          if (inFlight.size >= groups) {
            await Promise.race(inFlight);
            continue;
          }
          const jobs = await boss.fetch<TaskJobData>(LIGHT_QUEUE, { batchSize }).catch((err: Error) => {
            log.error('light queue fetch failed', { error: err.message });
            return [];
          });
          if (jobs.length === 0) {
            await Promise.race([...inFlight, sleep(polling * 1000), woken()]);
            continue;
          }
          const ids = jobs.map((j) => j.id);
          const group: Promise<void> = handler(jobs.map((j) => j.data))
            .then(() => boss.complete(LIGHT_QUEUE, ids), (err: Error) => {
              log.error('light task group failed', { error: err.message });
              return boss.fail(LIGHT_QUEUE, ids);
            })
            .catch((err: Error) => log.error('light job completion failed', { error: err.message }))
            .finally(() => inFlight.delete(group));
          inFlight.add(group);
        }
        await Promise.all(inFlight);
      };
      lightLoop = loop();
    },
    async stopWorking() {
      await boss.offWork(TASK_QUEUE);
      lightStopped = true;
    },
    async cancel(taskType, jobId) {
      await boss.cancel(queueFor(taskType), jobId).catch(() => undefined);
    },
    async stop() {
      lightStopped = true;
      await lightLoop;
      await boss.stop({ graceful: false, close: false, wait: true });
    },
  };
}
