import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode } from '../../../engine/spec/errors';
import { fail } from '../envelope';
import type { LimitSettings } from '../config/limitsConfig';

/** Seconds a shed client is asked to wait. */
const RETRY_AFTER_S = 10;

/**
 * Calls that are answered even under pressure: liveness and readiness probes, and the polls and
 * cancels of work already accepted (refusing them would fail tasks that are about to finish).
 */
export function passesUnderPressure(method: string, url: string): boolean {
  const path = url.split('?')[0];
  if (path === '/api/health' || path === '/api/ready') return true;
  return method === 'POST' && (path === '/api/task/cancel' || path === '/api/task/status' || /^\/api\/task\/[^/]+\/status$/.test(path));
}

/** The reply to a shed request, or undefined for one that passes anyway. */
function shed(request: FastifyRequest, reply: FastifyReply, type: string) {
  if (passesUnderPressure(request.method, request.url)) return undefined;
  request.log.warn({ type }, 'under pressure: request shed');
  void reply.code(503).header('retry-after', String(RETRY_AFTER_S));
  return fail(ResultCode.SERVICE_UNAVAILABLE, `the server is overloaded; try again in ${RETRY_AFTER_S} s`);
}

/**
 * Sheds load with `@fastify/under-pressure` before the process falls over: while heap or resident memory
 * (or, when configured, event-loop lag) is over its limit, new requests get HTTP 503, envelope 1000003 and
 * `Retry-After`, so a burst of uploads or submits cannot push the process into an out-of-memory crash.
 */
export async function registerLoadShedding(app: FastifyInstance, settings: LimitSettings): Promise<void> {
  if (!settings.maxHeapUsedBytes && !settings.maxRssBytes && !settings.maxEventLoopDelayMs) return;
  await app.register(underPressure, {
    maxHeapUsedBytes: settings.maxHeapUsedBytes,
    maxRssBytes: settings.maxRssBytes,
    maxEventLoopDelay: settings.maxEventLoopDelayMs,
    sampleInterval: settings.pressureSampleMs,
    // under-pressure sends a returned value as the reply (its types only admit void); undefined lets the request on.
    pressureHandler: shed as unknown as (request: FastifyRequest, reply: FastifyReply, type: string) => void,
  });
}
