import { buildApp } from './app';
import { loadConfig } from './config';
import { loadSecurityConfig } from './security';
import { createRuntime } from './runtime';
import { checkSystemTools } from './systemTools';
import { loadRetentionMs, startRetentionSweeps } from './storage/retentionSchedule';

/** Starts the HTTP server with in-process workers (WORKERS, default 1). */
async function main(): Promise<void> {
  const config = loadConfig();
  const runtime = await createRuntime({ config });
  const tools = await checkSystemTools();
  await runtime.startWorkers(config.workers);
  // Every node may start this; a lease in the database lets one node per period sweep.
  const retention = startRetentionSweeps({ db: runtime.db, storage: runtime.storage, retentionMs: loadRetentionMs() });
  // Keys generated on first start are kept in DATA_DIR, so restarts and worker processes agree.
  const security = loadSecurityConfig(process.env, config.dataDir);
  const app = await buildApp({ config, ...runtime, tools, security, logger: process.env.LOG_REQUESTS === '1' });
  const shutdown = async (signal: string) => {
    console.log(`${signal}: stopping…`);
    await app.close().catch(() => undefined);
    await retention.stop();
    await runtime.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
  const dbText = runtime.db.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/pglite` : 'PostgreSQL (DATABASE_URL)';
  console.log(`Lumacut is running: http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}/`);
  console.log(`  database: ${dbText}; in-process workers: ${config.workers}`);
  for (const t of tools.filter((x) => !x.available)) {
    console.log(`  degraded: ${t.program} is not installed (${t.degraded.join(', ')}); run npm run setup`);
  }
}

main().catch((err) => {
  console.error('Lumacut failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
