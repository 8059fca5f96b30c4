import type { FastifyRequest } from 'fastify';
import { processConfig } from '../config/processConfig';
import { publicBase } from './originPolicy';
import { type OriginPolicy } from '../config/originSettings';

export type AbsoluteUrl = (request: FastifyRequest, path: string) => string;

/**
 * Makes absolute URLs for file links: the client treats a result string as a URL only when it
 * starts with http (SPEC §4). PUBLIC_URL wins; otherwise the request's own origin is used only when
 * its Host is trusted (security/originPolicy.ts), never a forged one.
 * @param policy a PUBLIC_URL string (or null) with ALLOWED_HOSTS of the process configuration, or a full policy.
 */
export function absoluteUrlMaker(policy: string | null | OriginPolicy): AbsoluteUrl {
  const resolved =
    policy !== null && typeof policy === 'object' ? policy : { ...processConfig().origins, ...(policy === undefined ? {} : { publicUrl: policy }) };
  return (request, path) => {
    if (/^https?:\/\//.test(path)) return path;
    return `${publicBase(resolved, request)}${path}`;
  };
}
