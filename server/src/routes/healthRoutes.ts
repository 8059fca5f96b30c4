import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { ok } from '../envelope';
import type { ToolStatus } from '../systemTools';

/** `GET /api/health`: the database in use, in-process workers and which optional tools are degraded. */
export function registerHealthRoutes(app: FastifyInstance, deps: { db: Database; workers: number; tools: ToolStatus[] }): void {
  app.get('/api/health', async () => {
    await deps.db.query('select 1');
    return ok({
      database: deps.db.kind,
      workers: deps.workers,
      tools: deps.tools.map((t) => ({ program: t.program, available: t.available, degraded: t.degraded })),
    });
  });
}
