import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok, paramsInvalid } from '../envelope';
import { inspectImage, type ImageInfo } from '../images/inspectImage';
import type { Database } from '../db/database';
import { withReceivedUpload, type ReceivedFile, type UploadData } from '../input/receiveUpload';
import { checkZipFile } from '../input/zipCheck';
import { requestOwner } from '../security/requestOwner';
import { extensionFor, type FileStorage } from '../storage/storage';
import type { AbsoluteUrl } from '../security/requestUrl';

function uploadKey(data: UploadData, ext: string): string {
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '/');
  return `uploads/${data.subDir ?? 'web'}/${day}/${randomUUID()}.${ext}`;
}

/**
 * Single, batch and ZIP upload (SPEC §7). Files stream to a temporary folder and are checked one by one
 * as they arrive (server/src/input/receiveUpload.ts); nothing is stored until every file has passed.
 */
export function registerUploadRoutes(app: FastifyInstance, deps: { storage: FileStorage; db: Database; absolute: AbsoluteUrl }): void {
  /**
   * Stores one checked file and its row; a row that cannot be written takes its file back out. The owner
   * column lets only this caller use the upload as a task, detection or review input.
   */
  const store = async (request: FastifyRequest, data: UploadData, file: ReceivedFile, contentType: string, size?: { width: number; height: number }) => {
    const owner = requestOwner(request);
    const key = uploadKey(data, extensionFor(contentType));
    await deps.storage.put(key, await readFile(file.path), contentType);
    try {
      await deps.db.query(
        // The storage may already have written the row (without size or owner): fill it in.
        `insert into files (key, content_type, size_bytes, width, height, func, owner) values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (key) do update set width = excluded.width, height = excluded.height, func = excluded.func, owner = excluded.owner`,
        [key, contentType, file.size, size?.width ?? null, size?.height ?? null, data.func ?? null, owner],
      );
    } catch (err) {
      await deps.storage.delete(key).catch(() => undefined);
      throw err;
    }
    return key;
  };
  const inspectNamed = (file: ReceivedFile, index: number): Promise<ImageInfo> =>
    inspectImage(file.path).catch((err: Error) => {
      throw paramsInvalid(`file ${index + 1} (${file.name}): ${err.message}`);
    });

  app.post('/api/upload', async (request) =>
    withReceivedUpload(
      request,
      (file) => inspectImage(file.path),
      async ({ files, data }) => {
        if (files.length === 0) throw paramsInvalid('no file was uploaded');
        const info = files[0].checked;
        const key = await store(request, data, files[0], info.contentType, info);
        return ok({ fileUrl: deps.absolute(request, `/files/${key}`), width: info.width, height: info.height });
      },
      { maxFiles: 1, tooManyFiles: 'send one file, or use the batch upload' },
    ),
  );

  app.post('/api/upload/batch', async (request) =>
    withReceivedUpload(request, inspectNamed, async ({ files, data }) => {
      if (files.length === 0) throw paramsInvalid('no files were uploaded');
      const urls = [];
      for (const file of files) urls.push(deps.absolute(request, `/files/${await store(request, data, file, file.checked.contentType, file.checked)}`));
      return ok({ fileUrls: urls });
    }),
  );

  app.post('/api/upload/zip', async (request) =>
    withReceivedUpload(
      request,
      (file) => checkZipFile(file.path, path.dirname(file.path)),
      async ({ files, data }) => {
        if (files.length === 0) throw paramsInvalid('send exactly one ZIP file');
        const key = await store(request, data, files[0], 'application/zip');
        return ok({ fileUrl: deps.absolute(request, `/files/${key}`), entries: files[0].checked });
      },
      { maxFiles: 1, tooManyFiles: 'send exactly one ZIP file' },
    ),
  );
}
