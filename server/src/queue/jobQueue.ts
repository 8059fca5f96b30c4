import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Database } from '../db/database';
import { log } from '../logging';
import { isLightTaskType } from './lightTasks';
import { LIGHT_SINGLE_TASK_TYPES } from './lanes';
import { startFetchLoop, type FetchLoop } from './fetchLoop';
import { createQueuePositions } from './queuePositions';

/**
 * The longest an idle worker waits between polls of the database: jobs queued by another process (an API-only
 * process, a second server) start at most this late; jobs queued by this process start at once.
 */
export const IDLE_POLL_MAX_MS = 2000;

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
/** The queue of grouped light task types (lightTasks.ts), claimed several jobs per fetch. */
export const LIGHT_QUEUE = 'lumacut-light';
/** The queue of the light lane's single jobs (lanes.ts): own slots, so they never wait behind TASK_QUEUE's. */
export const QUICK_QUEUE = 'lumacut-quick';
/** Every queue, for the recovery sweep's look at job states. */
export const ALL_QUEUES: readonly string[] = [TASK_QUEUE, LIGHT_QUEUE, QUICK_QUEUE];
/** The queue a task type's jobs go to. */
export const queueFor = (taskType: string): string =>
  isLightTaskType(taskType) ? LIGHT_QUEUE : LIGHT_SINGLE_TASK_TYPES.has(taskType) ? QUICK_QUEUE : TASK_QUEUE;

/**
 * The job queue: pg-boss on the same PostgreSQL database as the rest of the data
 * (embedded PGlite or a server). pg-boss delivers jobs; worker leases (workerLease.ts) and
 * the recovery sweep (recovery.ts) notice dead workers in seconds, so pg-boss's own expiry
 * and retry are only a late backstop.
 */
export interface JobQueue {
  /** The pg-boss schema, for the recovery sweep's look at job states. */
  readonly schema: string;
  /**
   * Queues one job (with the id `jobId` when given, one recorded on the task beforehand); returns its id.
   * `priority` (lanes.ts): higher starts first; equal ones by age.
   */
  enqueue(taskType: string, data: TaskJobData, jobId?: string, priority?: number): Promise<string>;
  /**
   * Queues one job per task id in one statement; returns the job ids in the same order. `jobIds` are the ids
   * to give the jobs (recorded on the tasks beforehand, so no statement has to record them afterwards).
   */
  enqueueMany(taskType: string, taskIds: string[], jobIds?: string[], priorities?: number[]): Promise<string[]>;
  /** Starts polling all heavy task types with `concurrency` slots: at most that many jobs run at once here. */
  work(concurrency: number, handler: (data: TaskJobData) => Promise<void>): Promise<void>;
  /** Starts polling the light lane's single jobs (QUICK_QUEUE) with its own `concurrency` slots. */
  workQuick(concurrency: number, handler: (data: TaskJobData) => Promise<void>): Promise<void>;
  /**
   * How many waiting jobs of the same queue start before each of `jobIds` (higher priority, or equal and older);
   * a job that is not waiting (started, finished, unknown) is left out.
   */
  ahead(jobIds: readonly string[]): Promise<Map<string, number>>;
  /**
   * Starts polling the light queue: it claims up to `batchSize` jobs per fetch and hands them
   * to `handler` together (completed together when it resolves), with at most `groups` groups at once.
   */
  workLight(groups: number, batchSize: number, handler: (data: TaskJobData[]) => Promise<void>): Promise<void>;
  /** Stops taking new jobs; running handlers go on (graceful shutdown). */
  stopWorking(): Promise<void>;
  cancel(taskType: string, jobId: string): Promise<void>;
  stop(): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Adapts our Database to pg-boss's `db.executeSql`, so pg-boss shares the app's connection (and PGlite). */
function bossDb(db: Database): PgBoss.Db {
  // Parameterless text may hold several statements (pg-boss migrations); Database.query handles both.
  return { executeSql: (text: string, values?: unknown[]) => db.query(text, values ?? []) };
}

export interface QueueOptions {
  schema: string;
  /** Seconds between polls of a worker that just ran out of work (minimum 0.5); idle, it backs off to IDLE_POLL_MAX_MS. */
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
  for (const name of ALL_QUEUES) {
    await boss.createQueue(name, { ...queueOptions, name }).catch(async (err: Error) => {
      if (!(await boss.getQueue(name))) throw err;
    });
  }
  // Idle polling: 0.5 s right after work, backing off to IDLE_POLL_MAX_MS while nothing comes; jobs queued by this
  // process wake the loop at once (fetchLoop.ts), so only jobs from other processes wait for a poll.
  const minMs = 1000 * Math.max(0.5, options.pollingIntervalSeconds ?? 0.5);
  const idleMs = { min: minMs, max: Math.max(minMs, IDLE_POLL_MAX_MS) };
  let heavyLoop: FetchLoop | null = null;
  let lightLoop: FetchLoop | null = null;
  let quickLoop: FetchLoop | null = null;
  const loopOf = (name: string) => (name === LIGHT_QUEUE ? lightLoop : name === QUICK_QUEUE ? quickLoop : heavyLoop);
  // Places in the queue for status replies: one numbering of the queue shared by all of them.
  const positions = createQueuePositions(db, options.schema, ALL_QUEUES);
  const fetchJobs = (name: string, batchSize: number) =>
    boss.fetch<TaskJobData>(name, { batchSize }).then(
      (jobs) => {
        if (jobs.length > 0) positions.forget();
        return jobs;
      },
      (err: Error) => {
        log.error('queue fetch failed', { queue: name, error: err.message });
        return [];
      },
    );
  /** Completes the jobs `ids` of queue `name` when `work` resolves, fails them when it throws. */
  const settle = async (name: string, ids: string[], work: Promise<void>): Promise<void> => {
    await work
      .then(
        () => boss.complete(name, ids),
        (err: Error) => {
          log.error('task job failed', { queue: name, error: err.message });
          return boss.fail(name, ids);
        },
      )
      .catch((err: Error) => log.error('job completion failed', { queue: name, error: err.message }));
  };
  return {
    schema: options.schema,
    async enqueue(taskType, data, jobId, priority) {
      const name = queueFor(taskType);
      const id = await boss.send(name, { ...data, type: taskType }, { ...(jobId ? { id: jobId } : {}), ...(priority ? { priority } : {}) });
      if (!id) throw new Error(`queue refused a ${taskType} job`);
      positions.forget();
      loopOf(name)?.wake();
      return id;
    },
    async enqueueMany(taskType, taskIds, jobIds, priorities) {
      const ids = jobIds ?? taskIds.map(() => randomUUID());
      const name = queueFor(taskType);
      await boss.insert(
        taskIds.map((taskId, i) => ({
          id: ids[i],
          name,
          data: { taskId, type: taskType },
          retryLimit: 0,
          expireInSeconds: queueOptions.expireInSeconds,
          priority: priorities?.[i] ?? 0,
        })),
      );
      positions.forget();
      loopOf(name)?.wake();
      return ids;
    },
    async ahead(jobIds) {
      return positions.ahead(jobIds.filter((id) => UUID.test(id)));
    },
    async work(concurrency, handler) {
      // One fetch loop for `concurrency` slots: an idle pool costs one query per poll, not one per slot.
      heavyLoop = startFetchLoop({
        slots: concurrency,
        idleMs,
        fetch: async (free) => (await fetchJobs(TASK_QUEUE, free)).map((job) => [job]),
        run: ([job]) => settle(TASK_QUEUE, [job.id], handler(job.data)),
      });
    },
    async workQuick(concurrency, handler) {
      quickLoop = startFetchLoop({
        slots: concurrency,
        idleMs,
        fetch: async (free) => (await fetchJobs(QUICK_QUEUE, free)).map((job) => [job]),
        run: ([job]) => settle(QUICK_QUEUE, [job.id], handler(job.data)),
      });
    },
    async workLight(groups, batchSize, handler) {
      // It claims the next group while earlier ones still run, so the photo pipelines never wait for a
      // group's bookkeeping (claim, results, finish, completion).
      lightLoop = startFetchLoop({
        slots: groups,
        idleMs,
        fetch: async () => {
          const jobs = await fetchJobs(LIGHT_QUEUE, batchSize);
          return jobs.length > 0 ? [jobs] : [];
        },
        run: (jobs) =>
          settle(
            LIGHT_QUEUE,
            jobs.map((j) => j.id),
            handler(jobs.map((j) => j.data)),
          ),
      });
    },
    async stopWorking() {
      // Stops fetching only: running handlers go on (the caller waits for them within its grace period).
      await Promise.all([heavyLoop?.stop(), lightLoop?.stop(), quickLoop?.stop()]);
    },
    async cancel(taskType, jobId) {
      await boss.cancel(queueFor(taskType), jobId).catch(() => undefined);
      positions.forget();
    },
    async stop() {
      await Promise.all([heavyLoop?.stop(), lightLoop?.stop(), quickLoop?.stop()]);
      // Light groups are short: let them complete their jobs. Heavy ones past the grace period were released.
      await lightLoop?.drained();
      await boss.stop({ graceful: false, close: false, wait: true });
    },
  };
}
