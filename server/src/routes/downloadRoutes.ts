import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../../engine/spec/errors';
import { ApiError, paramsInvalid } from '../envelope';
import { SafeFetchError, safeFetch } from '../net/safeFetch';
import { callerMayUse, type FileAccess } from '../security/fileAccess';
import { isPublicFileKey, type FileStorage } from '../storage/storage';
import { storageKeyFromUrl } from '../storage/fileUrls';

/**
 * `GET /api/download?fileUrl=` (SPEC §7): fonts and remote images for the browser.
 * Our own files are read from storage; any other http(s) URL goes through safeFetch,
 * which refuses private and metadata addresses, limits size and time, and only passes
 * image or font content.
 */
export function registerDownloadRoutes(app: FastifyInstance, deps: { storage: FileStorage; access?: FileAccess }): void {
  app.get<{ Querystring: { fileUrl?: string } }>('/api/download', async (request, reply) => {
    const fileUrl = request.query.fileUrl;
    if (!fileUrl) throw paramsInvalid('fileUrl is required');
    const ownKey = isOwnFile(fileUrl, request.host) ? storageKeyFromUrl(fileUrl) : null;
    if (ownKey) {
      // Only the caller's own uploads and results: the proxy is no way round file ownership.
      const file = isPublicFileKey(ownKey) && (await callerMayUse(deps.access, request, ownKey)) ? await deps.storage.get(ownKey) : null;
      if (!file) throw new ApiError(ResultCode.DOWNLOAD_FAILED, 'file not found', 404);
      return send(reply, file.body, file.contentType);
    }
    try {
      const result = await safeFetch(fileUrl);
      return send(reply, result.body, result.contentType);
    } catch (err) {
      if (err instanceof SafeFetchError) {
        const status = err.reason === 'forbidden-address' || err.reason === 'bad-url' ? 400 : 502;
        throw new ApiError(status === 400 ? ResultCode.PARAMS_INVALID : ResultCode.DOWNLOAD_FAILED, err.message, status);
      }
      throw err;
    }
  });
}

function isOwnFile(fileUrl: string, host: string): boolean {
  if (fileUrl.startsWith('/files/')) return true;
  try {
    const url = new URL(fileUrl);
    // Compare with default ports dropped: "localhost:80" and "localhost" are the same host.
    return url.host === new URL(`${url.protocol}//${host}`).host && url.pathname.startsWith('/files/');
  } catch {
    return false;
  }
}

function send(reply: import('fastify').FastifyReply, body: Buffer, contentType: string) {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', 'attachment; filename="downloaded_file"')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}
