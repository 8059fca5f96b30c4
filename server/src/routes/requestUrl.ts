import type { FastifyRequest } from 'fastify';

export type AbsoluteUrl = (request: FastifyRequest, path: string) => string;

/**
 * Makes absolute URLs for file links: the client treats a result string as a URL only when it
 * starts with http (SPEC §4). PUBLIC_URL wins; otherwise the request's own origin is used.
 */
export function absoluteUrlMaker(publicUrl: string | null): AbsoluteUrl {
  return (request, path) => {
    if (/^https?:\/\//.test(path)) return path;
    const base = publicUrl ?? `${request.protocol}://${request.host}`;
    return `${base}${path}`;
  };
}
