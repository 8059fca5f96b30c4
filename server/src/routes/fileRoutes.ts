import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../../engine/spec/errors';
import { fail } from '../envelope';
import { isPublicFileKey, type FileStorage } from '../storage/storage';

/** Serves stored uploads and results at `/files/<key>`. Keys are unique, so they cache forever. */
export function registerFileRoutes(app: FastifyInstance, deps: { storage: FileStorage }): void {
  app.get<{ Params: { '*': string } }>('/files/*', async (request, reply) => {
    const key = request.params['*'];
    // With S3 presigning on, results go straight from the bucket (storage/s3Storage.ts). A presigned
    // URL expires, so the redirect is never cached.
    const direct = isPublicFileKey(key) ? await deps.storage.directUrl?.(key) : null;
    if (direct) return reply.header('cache-control', 'no-store').redirect(direct, 302);
    const file = isPublicFileKey(key) ? await deps.storage.get(key) : null;
    if (!file) return reply.code(404).send(fail(ResultCode.PARAMS_INVALID, 'file not found'));
    return reply
      .header('content-type', file.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  });
}
