import path from 'node:path';
import type { ServerConfig } from './config';
import { processConfig } from './config/processConfig';
import type { ServerSettings } from './config/serverConfig';
import { openDatabase, type Database } from './db/database';
import { migrate } from './schema';
import { log } from './logging';
import { closeHeavyPool, configureHeavyPool } from './heavy/heavyPool';
import { createJobQueue, type JobQueue } from './queue/jobQueue';
import { createFileStorage } from './storage/createFileStorage';
import { TrackedStorage } from './storage/trackedStorage';
import { RECOVERY_SWEEP_MS, recoverStrandedTasks } from './queue/recovery';
import { WorkerLease } from './queue/workerLease';
import { RETRY_PRIORITY } from './queue/lanes';
import type { FileStorage } from './storage/storage';
import type { Processor } from './tasks/processor';
import { runTask } from './tasks/runTask';
import { createLimiter, runLightTasks } from './tasks/runLightTasks';
import { configureImageLibrary } from './images/imageLibrary';
import { LIGHT_BATCH_SIZE, LIGHT_GROUPS_IN_FLIGHT } from './queue/lightTasks';
import { THREADED_PROCESSORS } from './threadedProcessors';
import { WorkerTaskRepository } from './tasks/workerTaskRepository';

/** The long-lived parts shared by the HTTP server and the workers of one process. */
export interface Runtime {
  db: Database;
  storage: FileStorage;
  queue: JobQueue;
  processors: Partial<Record<string, Processor>>;
  /** This process's worker lease id (tasks it runs carry it). */
  workerId: string;
  /** Tasks this process is running now. */
  runningTasks(): number;
  /**
   * Starts the job loops under this process's lease: `count` slots for heavy task types, `count` more for the
   * light lane's single jobs, and the grouped light loop (`count` photos at once) (queue/lanes.ts).
   */
  startWorkers(count: number): Promise<void>;
  /**
   * Graceful stop: takes no new jobs, lets running ones finish for up to `graceMs`
   * (SHUTDOWN_GRACE_SECONDS, default 20), queues the rest again for another worker, then closes.
   */
  close(graceMs?: number): Promise<void>;
}

export interface RuntimeOptions {
  config: Pick<ServerConfig, 'dataDir' | 'databaseUrl' | 'queueSchema'> & Partial<Pick<ServerConfig, 'workers'>>;
  /** The process's configuration (storage, heavy threads, shutdown grace); default: processConfig(). */
  settings?: ServerSettings;
  /** Override for tests (a tiny fake model); defaults to the real processors on the heavy-work threads. */
  processors?: Partial<Record<string, Processor>>;
  pgliteDir?: string;
  /** Where files live; default: S3 when S3_BUCKET is set, else `<dataDir>/files`. */
  storage?: FileStorage;
  /** Period of the recovery sweep (default RECOVERY_SWEEP_MS); 0 sweeps only at start (tests of the sweep itself). */
  sweepIntervalMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens the database (PGlite in dataDir, or DATABASE_URL), migrates it, starts the queue and the recovery sweep. */
export async function createRuntime(options: RuntimeOptions): Promise<Runtime> {
  const { config } = options;
  const settings = options.settings ?? processConfig();
  configureImageLibrary();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: options.pgliteDir ?? path.join(config.dataDir, 'pglite') });
  await migrate(db);
  const queue = await createJobQueue(db, { schema: config.queueSchema });
  // Every write gets a `files` row, so retention finds every file (storage/trackedStorage.ts).
  const storage = new TrackedStorage(options.storage ?? createFileStorage(settings.storage, config.dataDir), db);
  configureHeavyPool(settings.process.heavyThreads || Math.max(1, config.workers ?? 1));
  const processors = options.processors ?? THREADED_PROCESSORS;
  const lease = new WorkerLease(db);
  const tasks = new WorkerTaskRepository(db, lease.id);
  const running = new Set<string>();
  let working = false;

  // The embedded database belongs to this process alone: any task marked running by someone else is stranded.
  const sweep = () =>
    recoverStrandedTasks(db, queue, { selfId: lease.id, othersAreDead: db.kind === 'pglite' })
      .then((r) => {
        if (r.requeued.length || r.failed.length) {
          log.warn('recovered stranded tasks', { requeued: r.requeued, failed: r.failed });
        }
      })
      .catch((err: Error) => log.error('recovery sweep failed', { error: err.message }));
  await sweep();
  const interval = options.sweepIntervalMs ?? RECOVERY_SWEEP_MS;
  const sweeper = interval > 0 ? setInterval(() => void sweep(), interval) : null;
  sweeper?.unref();

  return {
    db,
    storage,
    queue,
    processors,
    workerId: lease.id,
    runningTasks: () => running.size,
    async startWorkers(count) {
      if (count <= 0) return;
      await lease.start();
      working = true;
      const runOne = async ({ taskId }: { taskId: string }) => {
        running.add(taskId);
        try {
          await runTask({ tasks, storage, processors }, taskId);
        } finally {
          running.delete(taskId);
        }
      };
      await queue.work(count, runOne);
      // The light lane's single jobs have slots of their own, so a re-run never waits for an enhancement (queue/lanes.ts).
      await queue.workQuick(count, runOne);
      // Light tasks (the bulk resizer) in groups, `count` photos at once (queue/lightTasks.ts).
      const limit = createLimiter(count);
      await queue.workLight(LIGHT_GROUPS_IN_FLIGHT, LIGHT_BATCH_SIZE, async (jobs) => {
        const ids = jobs.map((j) => j.taskId);
        for (const id of ids) running.add(id);
        try {
          await runLightTasks({ tasks, storage, processors }, ids, limit);
        } finally {
          for (const id of ids) running.delete(id);
        }
      });
    },
    async close(graceMs = 1000 * settings.process.shutdownGraceSeconds) {
      if (sweeper) clearInterval(sweeper);
      if (working) {
        await queue.stopWorking().catch(() => undefined);
        const deadline = Date.now() + graceMs;
        while (running.size > 0 && Date.now() < deadline) await sleep(100);
        for (const taskId of running) {
          // Out of time: queue it again now rather than leave it for the recovery sweep.
          const task = await tasks.get(taskId);
          if (task && (await tasks.release(taskId))) {
            await tasks.setJobId(taskId, await queue.enqueue(task.type, { taskId }, undefined, RETRY_PRIORITY));
          }
        }
      }
      await queue.stop().catch(() => undefined);
      if (working) await lease.stop().catch(() => undefined);
      await closeHeavyPool();
      await db.close();
    },
  };
}
