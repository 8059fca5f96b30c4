import type { ServerSettings } from './config/serverConfig';
import { log } from './logging';
import { createRuntime, type Runtime } from './runtime';
import { startRetentionSweeps } from './storage/retentionSchedule';
import type { Processor } from './tasks/processor';

/**
 * Starts what `npm run worker` runs: no HTTP, one pool of `max(1, WORKERS)` job loops under a
 * worker lease. `stop` lets running jobs finish (SHUTDOWN_GRACE_SECONDS) and queues the rest again.
 */
export async function startWorker(
  settings: ServerSettings,
  options: { processors?: Partial<Record<string, Processor>> } = {},
): Promise<{ runtime: Runtime; count: number; stop(signal: string): Promise<void> }> {
  const config = settings.server;
  const runtime = await createRuntime({ config, settings, processors: options.processors });
  const count = Math.max(1, config.workers);
  await runtime.startWorkers(count);
  const retention = startRetentionSweeps({ db: runtime.db, storage: runtime.storage, retentionMs: settings.retentionMs });
  log.info('worker started', { workerId: runtime.workerId, loops: count, taskTypes: Object.keys(runtime.processors) });
  return {
    runtime,
    count,
    async stop(signal) {
      log.info('worker stopping', { signal, runningTasks: runtime.runningTasks() });
      await retention.stop();
      await runtime.close();
      log.info('worker stopped', { signal });
    },
  };
}
