import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { ServerSettings } from './config/serverConfig';
import { startModelWarmUp } from './heavy/modelReadiness';
import { log, requestLogOptions } from './logging';
import { createRuntime, type Runtime } from './runtime';
import { startRetentionSweeps } from './storage/retentionSchedule';
import { checkSystemTools, type ToolStatus } from './systemTools';
import type { Processor } from './tasks/processor';

export interface StartedServer {
  app: FastifyInstance;
  runtime: Runtime;
  tools: ToolStatus[];
  /** Graceful stop: /api/ready turns 503, HTTP stops taking requests, running jobs finish or are queued again. */
  stop(signal: string): Promise<void>;
}

/**
 * Starts what `npm run server` runs: database, queue, in-process workers (WORKERS),
 * the model warm-up and the HTTP server, all from `settings` (read once at start-up, config/).
 * `processors` replaces the real models (crash tests).
 */
export async function startServer(settings: ServerSettings, options: { processors?: Partial<Record<string, Processor>> } = {}): Promise<StartedServer> {
  const config = settings.server;
  const runtime = await createRuntime({ config, settings, processors: options.processors });
  const tools = await checkSystemTools();
  await runtime.startWorkers(config.workers);
  // Every node may start this; a lease in the database lets one node per period sweep.
  const retention = startRetentionSweeps({ db: runtime.db, storage: runtime.storage, retentionMs: settings.retentionMs });
  let stopping = false;
  const models = options.processors ? undefined : startModelWarmUp();
  const app = await buildApp({
    config,
    settings,
    ...runtime,
    tools,
    logger: requestLogOptions(settings.process.requestLogLevel).logger,
    readiness: { models, stopping: () => stopping },
  });
  await app.listen({ host: config.host, port: config.port });
  return {
    app,
    runtime,
    tools,
    async stop(signal) {
      if (stopping) return;
      stopping = true;
      log.info('stopping', { signal, runningTasks: runtime.runningTasks() });
      await app.close().catch(() => undefined);
      await retention.stop();
      await runtime.close();
      log.info('stopped', { signal });
    },
  };
}

/** SIGTERM/SIGINT: graceful stop, then exit; a second signal exits at once. */
export function exitOnSignals(stop: (signal: string) => Promise<void>): void {
  let count = 0;
  const onSignal = (signal: string) => {
    if (++count > 1) process.exit(1);
    stop(signal).then(
      () => process.exit(0),
      (err: Error) => {
        log.error('shutdown failed', { error: err.message });
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
}
