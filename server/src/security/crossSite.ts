import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode } from '../../../engine/spec/errors';
import { fail } from '../envelope';
import { isAllowedOrigin } from './originPolicy';
import { type OriginPolicy } from '../config/originSettings';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * An OpenID provider's form_post answer (Apple) is a cross-site POST by design; its single-use,
 * server-side `state` is the CSRF protection there, and the route changes nothing without it.
 */
const OIDC_FORM_POST_CALLBACK = /^\/api\/account\/oidc\/[a-z]+\/callback(\?|$)/;

/** Why a state-changing request is refused, or null when it may go on. */
export function crossSiteRefusal(policy: OriginPolicy, request: FastifyRequest): string | null {
  if (SAFE_METHODS.has(request.method)) return null;
  if (request.method === 'POST' && OIDC_FORM_POST_CALLBACK.test(request.url)) return null;
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  if (typeof origin === 'string') {
    if (!isAllowedOrigin(policy, request, origin)) return `requests from ${origin.slice(0, 100)} are not accepted`;
  } else if (site === 'cross-site' || site === 'same-site') {
    return 'cross-site requests are not accepted';
  }
  // Task calls are JSON: a JSON body cannot come from a plain cross-site form or <img>, so a bodiless
  // `POST /api/task/cancel?taskId=` is refused even from a browser that sends neither header.
  if (request.url.startsWith('/api/task/')) {
    const type = request.headers['content-type'] ?? '';
    if (!/^application\/json\b/i.test(type)) return 'task calls must be sent as JSON (content-type: application/json)';
  }
  return null;
}

/**
 * Refuses state-changing requests (POST, PUT, PATCH, DELETE) that another site's page made a browser
 * send: an `Origin` that is not this server (or PUBLIC_URL / ALLOWED_HOSTS), or `Sec-Fetch-Site:
 * cross-site` without one; task calls must also be JSON. Scripts (no Origin, no Sec-Fetch-Site) pass.
 * Answers HTTP 403 with -102.
 */
export function registerCrossSiteGuard(app: FastifyInstance, policy: OriginPolicy): void {
  app.addHook('onRequest', async (request, reply) => {
    const why = crossSiteRefusal(policy, request);
    if (why) return reply.code(403).send(fail(ResultCode.PARAMS_INVALID, why));
  });
}
