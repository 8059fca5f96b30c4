import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode } from '../../../engine/spec/errors';
import { fail } from '../envelope';
import type { LimitSettings } from '../config/limitsConfig';
import { deviceIdOf } from './requestOwner';

/** A class of calls with its own budget. */
type Bucket = 'api' | 'tasks' | 'uploads' | 'reports';

const WHAT: Record<Bucket, string> = { api: 'requests', tasks: 'tasks', uploads: 'uploads', reports: 'reports' };

/**
 * The stricter bucket a call also counts against, besides `api`. Task submits, detections and picture
 * reviews run models; uploads store files; reports write rows. Status polls and cancels only count as `api`.
 */
export function bucketOf(method: string, url: string): Bucket | null {
  if (method !== 'POST') return null;
  const path = url.split('?')[0];
  if (path.startsWith('/api/upload')) return 'uploads';
  if (path.startsWith('/api/report/')) return 'reports';
  // Batch editing (server/src/batch): adding photos stores files; starting or retrying queues model work.
  if (/^\/api\/batch\/[^/]+\/(items|zip)$/.test(path)) return 'uploads';
  if (/^\/api\/batch\/[^/]+\/(start|retry)$/.test(path)) return 'tasks';
  if (path === '/api/task/status' || path === '/api/task/cancel' || path.endsWith('/status')) return null;
  // A signed `/api/dist/submit` is not counted here: it forwards to `/api/task/…` with the caller's address and
  // device id, and that inner call counts once.
  if (/^\/api\/(task\/[^/]+|detect\/[^/]+|inpaint\/preview|pic-review)$/.test(path)) return 'tasks';
  return null;
}

/**
 * Liveness and readiness probes are not counted (issue 30 item 11): a monitor behind the same
 * address as the users (a NAT, an office) must not see 429, nor make the users see it.
 */
export function isProbe(method: string, url: string): boolean {
  const path = url.split('?')[0];
  return (method === 'GET' || method === 'HEAD') && (path === '/api/health' || path === '/api/ready');
}

type Check = (request: FastifyRequest) => Promise<{ isExceeded?: boolean; ttlInSeconds?: number }>;

interface Limiter {
  bucket: Bucket;
  scope: 'address' | 'device';
  check: Check;
}

/**
 * Rate limits with `@fastify/rate-limit` (in memory, per process), each per client address and, for callers
 * that send a device id, per device: a script that rotates device ids still meets the address limit, and
 * many visitors behind one address each keep their own device budget. Every `/api/` call counts against
 * `api`; uploads, task submits and reports also against their stricter bucket. Over a limit the call is
 * answered HTTP 429, envelope 1000003 (service unavailable) and a `Retry-After` in seconds.
 */
export async function registerRateLimits(app: FastifyInstance, settings: LimitSettings): Promise<void> {
  await app.register(rateLimit, { global: false, cache: 20_000 });
  const budgets: Array<[Bucket, 'address' | 'device', number]> = [
    ['api', 'address', settings.apiPerAddress],
    ['api', 'device', settings.apiPerDevice],
    ['tasks', 'address', settings.tasksPerAddress],
    ['tasks', 'device', settings.tasksPerDevice],
    ['uploads', 'address', settings.uploadsPerAddress],
    ['uploads', 'device', settings.uploadsPerDevice],
    ['reports', 'address', settings.reportsPerAddress],
  ];
  const limiters: Limiter[] = budgets
    .filter(([, , max]) => max > 0)
    .map(([bucket, scope, max]) => ({
      bucket,
      scope,
      check: app.createRateLimit({
        max,
        timeWindow: settings.windowMs,
        keyGenerator: (request: FastifyRequest) => `${bucket}:${scope}:${scope === 'device' ? deviceIdOf(request) : request.ip}`,
      }) as unknown as Check,
    }));
  if (limiters.length === 0) return;

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || isProbe(request.method, request.url)) return;
    const special = bucketOf(request.method, request.url);
    const device = deviceIdOf(request);
    for (const limiter of limiters) {
      if (limiter.bucket !== 'api' && limiter.bucket !== special) continue;
      if (limiter.scope === 'device' && !device) continue;
      const result = await limiter.check(request);
      if (result.isExceeded) {
        const wait = Math.max(1, result.ttlInSeconds ?? 1);
        const who = limiter.scope === 'device' ? 'this device' : 'this address';
        return reply
          .code(429)
          .header('retry-after', String(wait))
          .send(fail(ResultCode.SERVICE_UNAVAILABLE, `too many ${WHAT[limiter.bucket]} from ${who}; try again in ${wait} s`));
      }
    }
  });
}
