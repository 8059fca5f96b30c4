import path from 'node:path';
import type { ServerConfig } from './config';
import { openDatabase, type Database } from './db/database';
import { runMigrations } from './db/migrations';
import { createJobQueue, type JobQueue } from './queue/jobQueue';
import { createFileStorage, loadStorageConfig } from './storage/storageConfig';
import { TrackedStorage } from './storage/trackedStorage';
import type { FileStorage } from './storage/storage';
import { PROCESSORS, type Processor } from './tasks/processors';
import { runTask } from './tasks/runTask';
import { TaskRepository } from './tasks/taskRepository';

/** The long-lived parts shared by the HTTP server and the workers of one process. */
export interface Runtime {
  db: Database;
  storage: FileStorage;
  queue: JobQueue;
  processors: Partial<Record<string, Processor>>;
  /** Starts `count` polling workers for every task type this server runs. */
  startWorkers(count: number): Promise<void>;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  config: Pick<ServerConfig, 'dataDir' | 'databaseUrl' | 'queueSchema'>;
  /** Override for tests (a tiny fake model); defaults to the real processors. */
  processors?: Partial<Record<string, Processor>>;
  pgliteDir?: string;
  /** Where files live; default: S3 when S3_BUCKET is set, else `<dataDir>/files`. */
  storage?: FileStorage;
}

/** Opens the database (PGlite in dataDir, or DATABASE_URL), migrates it, and starts the queue. */
export async function createRuntime(options: RuntimeOptions): Promise<Runtime> {
  const { config } = options;
  const db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: options.pgliteDir ?? path.join(config.dataDir, 'pglite') });
  await runMigrations(db);
  const queue = await createJobQueue(db, { schema: config.queueSchema });
  // Every write gets a `files` row, so retention finds every file (storage/trackedStorage.ts).
  const storage = new TrackedStorage(options.storage ?? createFileStorage(loadStorageConfig(process.env), config.dataDir), db);
  const processors = options.processors ?? PROCESSORS;
  const tasks = new TaskRepository(db);
  return {
    db,
    storage,
    queue,
    processors,
    async startWorkers(count) {
      if (count <= 0) return;
      for (const type of Object.keys(processors)) {
        await queue.work(type, count, ({ taskId }) => runTask({ tasks, storage, processors }, taskId));
      }
    },
    async close() {
      await queue.stop();
      await db.close();
    },
  };
}
