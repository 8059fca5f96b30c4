import type { FastifyInstance } from 'fastify';
import { registerCrossSiteGuard } from './crossSite';
import { processConfig } from '../config/processConfig';
import type { LimitSettings } from '../config/limitsConfig';
import { registerLoadShedding } from './loadShedding';
import type { OriginPolicy } from '../config/originSettings';
import { registerRateLimits } from './rateLimits';
import { registerSecurityHeaders } from './securityHeaders';
import { type HeaderSettings } from '../config/headerSettings';

/** Settings of {@link registerHardening}; each defaults to the environment. */
export interface HardeningOptions {
  origins: OriginPolicy;
  limits?: LimitSettings;
  headers?: HeaderSettings;
}

/**
 * Everything a public deployment needs in front of the routes, in order: load shedding (503 before the
 * process falls over), security headers and CSP, the cross-site guard for state-changing calls, and the
 * per-address and per-device rate limits. Register before any route.
 */
export async function registerHardening(app: FastifyInstance, options: HardeningOptions): Promise<void> {
  const limits = options.limits ?? processConfig().limits;
  await registerLoadShedding(app, limits);
  await registerSecurityHeaders(app, options.headers ?? processConfig().headers);
  registerCrossSiteGuard(app, options.origins);
  await registerRateLimits(app, limits);
}
