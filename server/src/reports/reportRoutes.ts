/**
 * Client reports (SPEC §7) and their admin summary:
 * - POST /api/report/timing  one task's phase timings (validated; bad → PARAMS_INVALID -102)
 * - POST /api/report/event   one failed call: url, errorCode, errorMsg (text cut to size)
 * - GET  /api/admin/stats/timings[?days=N]  per task type: count, median and p95 of each phase
 *   (admin only: see adminAccess.ts; else HTTP 403 with a PARAMS_INVALID envelope)
 * Replies are sent here rather than thrown, so the routes answer with envelopes on any app.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ResultCode } from '../../../engine/spec/errors';
import type { Database } from '../db/database';
import { fail, ok } from '../envelope';
import { processConfig } from '../config/processConfig';
import { isAdminRequest } from './adminAccess';
import { ReportRepository } from './reportRepository';
import { clientEventBody, firstIssue, statsQuery, timingReportBody } from './reportSchema';

/** Report bodies are small; a larger one is not a report. */
const REPORT_BODY_LIMIT = 64 * 1024;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export interface ReportRouteDeps {
  db: Database;
  /** Admin token; when the key is absent, env ADMIN_TOKEN is read. null or '' = loopback only. */
  adminToken?: string | null;
  /** Whether loopback requests may read statistics without a token; default: {@link localAdminAllowed} from the environment. */
  allowLocalAdmin?: boolean;
}

function parsed<S extends z.ZodType>(schema: S, value: unknown, reply: FastifyReply): z.infer<S> | null {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  void reply.code(400).send(fail(ResultCode.PARAMS_INVALID, firstIssue(result.error)));
  return null;
}

/**
 * Registers the report and admin statistics routes (tables from REPORT_MIGRATION must exist). Anyone may
 * report, so the reports are rate-limited per address by the app-wide limits (security/rateLimits.ts,
 * RATE_LIMIT_REPORTS), with the same 429 answer and Retry-After as every other limit.
 */
export function registerReportRoutes(app: FastifyInstance, deps: ReportRouteDeps): void {
  const reports = new ReportRepository(deps.db);
  const adminToken = 'adminToken' in deps ? deps.adminToken?.trim() || null : processConfig().admin.token;
  const allowLocal = deps.allowLocalAdmin ?? processConfig().admin.allowLocal;
  let lastPrune = 0;

  /** Retention runs after an insert, at most hourly, and never fails the report. */
  const maybePrune = async (request: FastifyRequest) => {
    if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = Date.now();
    try {
      await reports.prune();
    } catch (err) {
      request.log.warn({ err }, 'pruning reports failed');
    }
  };

  app.post('/api/report/timing', { bodyLimit: REPORT_BODY_LIMIT }, async (request, reply) => {
    const body = parsed(timingReportBody, request.body, reply);
    if (!body) return reply;
    await reports.insertTiming(body);
    await maybePrune(request);
    return ok({ stored: true });
  });

  app.post('/api/report/event', { bodyLimit: REPORT_BODY_LIMIT }, async (request, reply) => {
    const body = parsed(clientEventBody, request.body, reply);
    if (!body) return reply;
    await reports.insertEvent(body);
    await maybePrune(request);
    return ok({ stored: true });
  });

  app.get('/api/admin/stats/timings', async (request, reply) => {
    // Statistics must never be cached by a shared proxy.
    void reply.header('cache-control', 'no-store');
    if (!isAdminRequest(request, adminToken, allowLocal)) {
      const why = adminToken
        ? 'admin token missing or wrong (header x-admin-token)'
        : allowLocal
          ? 'set ADMIN_TOKEN to read statistics from another machine'
          : 'set ADMIN_TOKEN: the server is reachable beyond this machine (HOST or TRUST_PROXY), so statistics need a token';
      return reply.code(403).send(fail(ResultCode.PARAMS_INVALID, why));
    }
    const query = parsed(statsQuery, request.query, reply);
    if (!query) return reply;
    return ok(await reports.timingStats(query.days ?? null));
  });
}
