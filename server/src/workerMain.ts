import { loadConfig } from './config';
import { createRuntime } from './runtime';
import { loadRetentionMs, startRetentionSweeps } from './storage/retentionSchedule';

/**
 * A separate worker process (`npm run worker`): no HTTP, only jobs from the shared queue.
 * Run as many as needed, on any machine that reaches the same PostgreSQL server and the same
 * file storage. The embedded PGlite database belongs to one process, so workers need DATABASE_URL.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error('npm run worker needs DATABASE_URL: the embedded database cannot be shared between processes.');
    console.error('With the embedded default, the server runs its workers in-process (WORKERS=n).');
    process.exit(2);
  }
  const runtime = await createRuntime({ config });
  const count = Math.max(1, config.workers);
  await runtime.startWorkers(count);
  const retention = startRetentionSweeps({ db: runtime.db, storage: runtime.storage, retentionMs: loadRetentionMs() });
  console.log(`worker: ${count} loop(s) on ${Object.keys(runtime.processors).join(', ')}`);
  const stop = async () => {
    await retention.stop();
    await runtime.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err) => {
  console.error('worker failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
