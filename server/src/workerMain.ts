import { loadProcessConfig } from './config/processConfig';
import { exitOnSignals } from './startServer';
import { startWorker } from './startWorker';

/**
 * A separate worker process (`npm run worker`): no HTTP, only jobs from the shared queue.
 * Run as many as needed, on any machine that reaches the same PostgreSQL server and the same
 * file storage. The embedded PGlite database belongs to one process, so workers need DATABASE_URL.
 */
async function main(): Promise<void> {
  // Every setting is read and checked here, once: a bad value stops the start, naming its variable.
  const settings = loadProcessConfig();
  if (!settings.server.databaseUrl) {
    console.error('npm run worker needs DATABASE_URL: the embedded database cannot be shared between processes.');
    console.error('With the embedded default, the server runs its workers in-process (WORKERS=n).');
    process.exit(2);
  }
  for (const name of settings.allocatorMissing) {
    console.warn(`${name} is not set: a cut-out's peak memory is ~0.25 GB higher (npm run worker sets it; README "Configuration")`);
  }
  const worker = await startWorker(settings);
  exitOnSignals(worker.stop);
}

main().catch((err) => {
  console.error('worker failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
