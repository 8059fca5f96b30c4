import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../../engine/spec/errors';
import { fail } from '../envelope';
import { isPublicFileKey, type FileStorage } from '../storage/storage';

/**
 * How stored uploads and results may be cached (issue 30 item 5): privately, and revalidated on
 * every use, so a file deleted with its account (or by retention) stops being served at once
 * instead of living on in a shared cache for a year. Keys never change content, so the ETag is the
 * key's hash and a revalidation of a file that still exists is a bodiless 304.
 */
export const FILE_CACHE_CONTROL = 'private, no-cache';

const etagOf = (key: string): string => `"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;

/** Serves stored uploads and results at `/files/<key>`. */
export function registerFileRoutes(app: FastifyInstance, deps: { storage: FileStorage }): void {
  app.get<{ Params: { '*': string } }>('/files/*', async (request, reply) => {
    const key = request.params['*'];
    // With S3 presigning on, results go straight from the bucket (storage/s3Storage.ts). A presigned
    // URL expires, so the redirect is never cached.
    const direct = isPublicFileKey(key) ? await deps.storage.directUrl?.(key) : null;
    if (direct) return reply.header('cache-control', 'no-store').redirect(direct, 302);
    const notFound = () => reply.code(404).header('cache-control', 'no-store').send(fail(ResultCode.PARAMS_INVALID, 'file not found'));
    if (!isPublicFileKey(key)) return notFound();
    const etag = etagOf(key);
    if (request.headers['if-none-match'] === etag) {
      if (!(await deps.storage.exists(key))) return notFound();
      return reply.code(304).header('etag', etag).header('cache-control', FILE_CACHE_CONTROL).send();
    }
    const file = await deps.storage.get(key);
    if (!file) return notFound();
    return reply
      .header('content-type', file.contentType)
      .header('cache-control', FILE_CACHE_CONTROL)
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  });
}
