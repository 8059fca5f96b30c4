import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../../engine/spec/errors';
import type { Database } from '../db/database';
import { fail, ok } from '../envelope';
import type { ModelReadiness } from '../heavy/modelReadiness';
import { eventLoopDelay } from '../heavy/eventLoopDelay';
import { heavyPoolStats } from '../heavy/heavyPool';
import { TASK_QUEUE, type JobQueue } from '../queue/jobQueue';
import type { ToolStatus } from '../systemTools';

export interface HealthDeps {
  db: Database;
  queue?: JobQueue;
  workers: number;
  tools: ToolStatus[];
  /** Model loading state; absent where the process runs no real models (tests with stand-in processors). */
  models?: () => ModelReadiness;
  /** True once shutdown began: the process should get no new traffic. */
  stopping?: () => boolean;
}

/**
 * `GET /api/health`: liveness. Answers from the event loop without touching the database, so a
 * busy database or a long job never makes a live process look dead.
 * `GET /api/ready`: readiness. 200 when the database answers, the job queue exists and the
 * models are loaded; 503 with SERVICE_UNAVAILABLE and what is missing otherwise (and while
 * shutting down), so a load balancer sends traffic elsewhere.
 */
export function registerHealthRoutes(app: FastifyInstance, deps: HealthDeps): void {
  eventLoopDelay(); // start measuring now
  app.get('/api/health', async () =>
    ok({
      status: 'alive',
      database: deps.db.kind,
      workers: deps.workers,
      tools: deps.tools.map((t) => ({ program: t.program, available: t.available, degraded: t.degraded })),
    }),
  );

  app.get('/api/ready', async (_request, reply) => {
    const checks: Record<string, { ok: boolean; detail?: string }> = {};
    try {
      await deps.db.query('select 1');
      checks.database = { ok: true, detail: deps.db.kind };
    } catch (err) {
      checks.database = { ok: false, detail: (err as Error).message };
    }
    if (deps.queue) {
      try {
        const { rows } = await deps.db.query(`select 1 from ${deps.queue.schema}.queue where name = $1`, [TASK_QUEUE]);
        checks.queue = rows.length ? { ok: true } : { ok: false, detail: 'the task queue is missing' };
      } catch (err) {
        checks.queue = { ok: false, detail: (err as Error).message };
      }
    }
    if (deps.models) {
      const m = deps.models();
      checks.models = { ok: m.state === 'ready', detail: m.state === 'failed' ? `failed: ${m.error}` : m.state };
    }
    if (deps.stopping?.()) checks.shutdown = { ok: false, detail: 'shutting down' };
    const ready = Object.values(checks).every((c) => c.ok);
    const data = { ready, checks, heavyPool: heavyPoolStats(), eventLoopDelayMs: eventLoopDelay() };
    if (ready) return ok(data);
    return reply.code(503).send(fail(ResultCode.SERVICE_UNAVAILABLE, 'not ready', data));
  });
}
