import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BATCH_FILES_PER_REQUEST, BATCH_ZIP_MAX_BYTES, type AddItemsReply } from '../../../engine/spec/batch';
import { ResultCode } from '../../../engine/spec/errors';
import { ok, paramsInvalid } from '../envelope';
import { inspectImage } from '../images/inspectImage';
import { withReceivedUpload } from '../input/receiveUpload';
import { log } from '../logging';
import type { AbsoluteUrl } from '../security/requestUrl';
import { requestOwner } from '../security/requestOwner';
import { contentTypeForKey, type FileStorage } from '../storage/storage';
import { forEachZipPhoto } from './batchZip';
import type { BatchService, IncomingPhoto } from './batchService';
import { zipStream } from './zipWriter';

type Params = { batchId: string; itemId: string };

const ITEM_KEY = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The `keys` field of a photo upload: a JSON list with the page's key for each file, in order (the
 * upload is idempotent per key). Absent: no keys. Anything else is PARAMS_INVALID.
 */
function itemKeys(raw: string | undefined, files: number): Array<string | null> {
  if (raw === undefined) return Array.from({ length: files }, () => null);
  let keys: unknown;
  try {
    keys = JSON.parse(raw);
  } catch {
    keys = null;
  }
  if (!Array.isArray(keys) || keys.length !== files || keys.some((k) => typeof k !== 'string' || !ITEM_KEY.test(k))) {
    throw paramsInvalid(`the "keys" field must be a JSON list of ${files} keys (letters, digits, _ and -, at most 64), one per file in order`);
  }
  return keys as string[];
}

/** `Content-Disposition` for a download name: an ASCII fallback plus the UTF-8 name (RFC 6266). */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The batch API of engine/spec/batch.ts. Every route answers for the caller's own batches only
 * (security/requestOwner.ts); credits are charged to the caller's payer (accounts/payer.ts) when photos are queued.
 */
export function registerBatchRoutes(
  app: FastifyInstance,
  deps: { batches: BatchService; storage: FileStorage; absolute: AbsoluteUrl; payerOf?: (request: FastifyRequest) => Promise<string> },
): void {
  const { batches } = deps;
  const abs = (request: FastifyRequest) => (path: string) => deps.absolute(request, path);
  const payer = async (request: FastifyRequest) => (deps.payerOf ? await deps.payerOf(request) : null);

  app.post('/api/batch', async (request) => ok(await batches.create(requestOwner(request), request.body, abs(request))));
  app.get('/api/batch', async (request) => ok({ batches: await batches.list(requestOwner(request), abs(request)) }));
  app.get<{ Params: Params }>('/api/batch/:batchId', async (request) => ok(await batches.status(requestOwner(request), request.params.batchId, abs(request))));

  /**
   * Adds photos one by one as they were checked; a refused photo becomes a failed item, not a refused upload.
   * The reply lists one item per photo, in the order they were sent (a photo sent again: its first item).
   */
  const addAll = async (request: FastifyRequest<{ Params: Params }>, photos: IncomingPhoto[], keys: Array<string | null>): Promise<AddItemsReply> => {
    const owner = requestOwner(request);
    const { batchId } = request.params;
    const added = [];
    for (const [i, photo] of photos.entries()) added.push(await batches.addPhoto(owner, batchId, photo, keys[i] ?? null));
    const batch = await batches.status(owner, batchId, abs(request));
    const byId = new Map(batch.items.map((i) => [i.itemId, i]));
    return { items: added.map((i) => byId.get(i.id)!), skipped: [], batch };
  };

  app.post<{ Params: Params }>('/api/batch/:batchId/items', async (request) => {
    const room = await batches.room(requestOwner(request), request.params.batchId);
    return withReceivedUpload(
      request,
      async (file): Promise<IncomingPhoto> => {
        try {
          const info = await inspectImage(file.path);
          return { name: file.name, path: file.path, size: file.size, ...info };
        } catch (err) {
          return { name: file.name, reject: { code: ResultCode.PARAMS_INVALID, reason: (err as Error).message } };
        }
      },
      async ({ files, fields }) => {
        if (files.length === 0) throw paramsInvalid('no photos were uploaded');
        const keys = itemKeys(fields.keys, files.length);
        // Photos the batch already has (sent again after a reload) take no room.
        const known = new Set(
          (
            await batches.repo.itemsByKeys(
              request.params.batchId,
              keys.filter((k): k is string => k !== null),
            )
          ).map((i) => i.clientKey),
        );
        const fresh = keys.filter((k) => k === null || !known.has(k)).length;
        if (fresh > room) throw paramsInvalid(`${fresh} photos were sent and this batch has room for ${room} more`);
        return ok(
          await addAll(
            request,
            files.map((f) => f.checked),
            keys,
          ),
        );
      },
      { maxFiles: BATCH_FILES_PER_REQUEST, tooManyFiles: `send at most ${BATCH_FILES_PER_REQUEST} photos per request` },
    );
  });

  app.post<{ Params: Params }>('/api/batch/:batchId/zip', async (request) => {
    const owner = requestOwner(request);
    const room = await batches.room(owner, request.params.batchId);
    return withReceivedUpload(
      request,
      async (file) => file,
      async ({ files }) => {
        if (files.length !== 1) throw paramsInvalid('send exactly one ZIP file');
        const { batchId } = request.params;
        const added: string[] = [];
        // Entries the batch already holds (the same ZIP sent again, by entry key) take no room and are not unpacked.
        const known = async (keys: string[]) => {
          const items = await batches.repo.itemsByKeys(batchId, keys);
          return new Map(items.map((i) => [i.clientKey!, i.id]));
        };
        let held = new Map<string, string>();
        const zipRoom = { free: room, known: async (keys: string[]) => new Set((held = await known(keys)).keys()) };
        // Each entry is stored as soon as it is unpacked; its temporary file goes right after.
        const skipped = await forEachZipPhoto(files[0].path, path.dirname(files[0].path), zipRoom, async (photo) => {
          if ('known' in photo) {
            added.push(held.get(photo.key)!);
            return;
          }
          let incoming: IncomingPhoto;
          if ('path' in photo) {
            try {
              incoming = { name: photo.name, path: photo.path, size: (await stat(photo.path)).size, ...(await inspectImage(photo.path)) };
            } catch (err) {
              incoming = { name: photo.name, reject: { code: ResultCode.PARAMS_INVALID, reason: (err as Error).message } };
            }
          } else incoming = { name: photo.name, reject: photo.reject };
          added.push((await batches.addPhoto(owner, batchId, incoming, photo.key)).id);
        });
        const batch = await batches.status(owner, request.params.batchId, abs(request));
        const ids = new Set(added);
        return ok({ items: batch.items.filter((i) => ids.has(i.itemId)), skipped, batch } satisfies AddItemsReply);
      },
      { maxFiles: 1, tooManyFiles: 'send exactly one ZIP file', maxFileBytes: BATCH_ZIP_MAX_BYTES },
    );
  });

  app.post<{ Params: Params }>('/api/batch/:batchId/items/:itemId/settings', async (request) =>
    ok(await batches.setOverride(requestOwner(request), request.params.batchId, request.params.itemId, request.body, abs(request))),
  );
  app.post<{ Params: Params }>('/api/batch/:batchId/items/:itemId/result', async (request) =>
    ok(await batches.replaceResult(requestOwner(request), request.params.batchId, request.params.itemId, request.body, abs(request))),
  );
  app.post<{ Params: Params }>('/api/batch/:batchId/start', async (request) =>
    ok(await batches.start(requestOwner(request), request.params.batchId, await payer(request), abs(request))),
  );
  app.post<{ Params: Params }>('/api/batch/:batchId/retry', async (request) =>
    ok(await batches.retry(requestOwner(request), request.params.batchId, request.body, await payer(request), abs(request))),
  );
  app.post<{ Params: Params }>('/api/batch/:batchId/cancel', async (request) =>
    ok(await batches.cancel(requestOwner(request), request.params.batchId, abs(request))),
  );

  app.post<{ Params: Params }>('/api/batch/:batchId/download-link', async (request) =>
    ok(await batches.downloadLink(requestOwner(request), request.params.batchId, request.body, abs(request))),
  );

  /** The owner a download answers for: the one a `?token=` link stands for, else the caller. */
  const downloader = async (request: FastifyRequest<{ Params: Params; Querystring: { token?: unknown } }>, itemId: string | null) => {
    const token = request.query?.token;
    if (token === undefined) return requestOwner(request);
    if (typeof token !== 'string') throw paramsInvalid('token must be one download link token');
    return batches.ownerOfLink(token, request.params.batchId, itemId);
  };

  app.get<{ Params: Params; Querystring: { token?: unknown } }>('/api/batch/:batchId/download', async (request, reply) => {
    const { batch, sources } = await batches.zipSources(await downloader(request, null), request.params.batchId);
    if (sources.length === 0) throw paramsInvalid('no photo of this batch has a result yet');
    reply.header('content-type', 'application/zip');
    reply.header('content-disposition', attachment(`batch-${batch.tool}-${batch.id.slice(0, 8)}.zip`));
    reply.header('cache-control', 'no-store');
    const stream = zipStream(sources);
    stream.on('error', (err) => log.error('batch zip failed', { batchId: batch.id, error: err.message }));
    return reply.send(stream);
  });

  app.get<{ Params: Params; Querystring: { token?: unknown } }>('/api/batch/:batchId/items/:itemId/download', async (request, reply) => {
    const { name, key } = await batches.resultFile(await downloader(request, request.params.itemId), request.params.batchId, request.params.itemId);
    const file = await deps.storage.get(key);
    if (!file) throw paramsInvalid('the result no longer exists');
    reply.header('content-type', file.contentType || contentTypeForKey(key));
    reply.header('content-disposition', attachment(name));
    reply.header('cache-control', 'no-store');
    return reply.send(file.body);
  });

  app.addHook('onReady', async () => {
    const queued = await batches.resume().catch((err: Error) => {
      log.error('batch resume failed', { error: err.message });
      return 0;
    });
    if (queued > 0) log.warn('resumed batch photos that were never queued', { queued });
  });
}
