import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import JSZip from 'jszip';
import { z } from 'zod';
import { UPLOAD_MAX_FILES, ZIP_MAX_ENTRIES, ZIP_MAX_UNPACKED_BYTES } from '../../../engine/spec/limits';
import { ok, paramsInvalid } from '../envelope';
import { inspectImage } from '../images/inspectImage';
import type { Database } from '../db/database';
import { extensionFor, type FileStorage } from '../storage/storage';
import { requestOwner } from '../security/requestOwner';
import type { AbsoluteUrl } from './requestUrl';

/** The `data` field of an upload (SPEC §7). */
const UploadData = z.object({
  func: z.string().max(64).optional(),
  fileType: z.string().max(32).optional(),
  subDir: z.string().regex(/^[a-zA-Z0-9_-]{1,40}$/, 'subDir may hold letters, digits, _ and - only').optional(),
});
type UploadData = z.infer<typeof UploadData>;

interface ReceivedFile {
  name: string;
  body: Buffer;
}

/** Reads every part of a multipart request: the files and the `data` JSON field. */
async function readParts(request: FastifyRequest): Promise<{ files: ReceivedFile[]; data: UploadData }> {
  if (!request.isMultipart()) throw paramsInvalid('expected a multipart/form-data upload with a "file" field');
  const files: ReceivedFile[] = [];
  let rawData: string | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') files.push({ name: part.filename || 'file', body: await part.toBuffer() });
    else if (part.fieldname === 'data') rawData = String(part.value);
  }
  let data: UploadData = {};
  if (rawData !== undefined && rawData !== '') {
    let json: unknown;
    try {
      json = JSON.parse(rawData);
    } catch {
      throw paramsInvalid('the "data" field must be JSON like {"func":"removebg","fileType":"image","subDir":"web"}');
    }
    const parsed = UploadData.safeParse(json);
    if (!parsed.success) throw paramsInvalid(`invalid "data" field: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
    data = parsed.data;
  }
  return { files, data };
}

function uploadKey(data: UploadData, ext: string): string {
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '/');
  return `uploads/${data.subDir ?? 'web'}/${day}/${randomUUID()}.${ext}`;
}

/** Single, batch and ZIP upload. Every file is validated before anything is stored. */
export function registerUploadRoutes(app: FastifyInstance, deps: { storage: FileStorage; db: Database; absolute: AbsoluteUrl }): void {
  // The owner column lets only this caller use the upload as a task, detection or review input.
  const store = async (request: FastifyRequest, data: UploadData, file: ReceivedFile, contentType: string, size?: { width: number; height: number }) => {
    const owner = requestOwner(request);
    const key = uploadKey(data, extensionFor(contentType));
    await deps.storage.put(key, file.body, contentType);
    await deps.db.query(
      `insert into files (key, content_type, size_bytes, width, height, func, owner) values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (key) do update set width = excluded.width, height = excluded.height, func = excluded.func, owner = excluded.owner`,
      [key, contentType, file.body.length, size?.width ?? null, size?.height ?? null, data.func ?? null, owner],
    );
    return key;
  };

  app.post('/api/upload', async (request) => {
    const { files, data } = await readParts(request);
    if (files.length !== 1) throw paramsInvalid(files.length === 0 ? 'no file was uploaded' : 'send one file, or use the batch upload');
    const info = await inspectImage(files[0].body);
    const key = await store(request, data, files[0], info.contentType, info);
    return ok({ fileUrl: deps.absolute(request, `/files/${key}`), width: info.width, height: info.height });
  });

  app.post('/api/upload/batch', async (request) => {
    const { files, data } = await readParts(request);
    if (files.length === 0) throw paramsInvalid('no files were uploaded');
    if (files.length > UPLOAD_MAX_FILES) throw paramsInvalid(`at most ${UPLOAD_MAX_FILES} files per batch`);
    const infos = [];
    for (const [i, file] of files.entries()) {
      infos.push(await inspectImage(file.body).catch((err: Error) => {
        throw paramsInvalid(`file ${i + 1} (${file.name}): ${err.message}`);
      }));
    }
    const urls = [];
    for (const [i, file] of files.entries()) urls.push(deps.absolute(request, `/files/${await store(request, data, file, infos[i].contentType, infos[i])}`));
    return ok({ fileUrls: urls });
  });

  app.post('/api/upload/zip', async (request) => {
    const { files, data } = await readParts(request);
    if (files.length !== 1) throw paramsInvalid('send exactly one ZIP file');
    const entries = await checkZip(files[0].body);
    const key = await store(request, data, files[0], 'application/zip');
    return ok({ fileUrl: deps.absolute(request, `/files/${key}`), entries });
  });
}

/** Validates a ZIP: readable, not too many entries, not a zip bomb, only images inside. */
async function checkZip(body: Buffer): Promise<string[]> {
  if (body.length < 4 || body.readUInt32LE(0) !== 0x04034b50) throw paramsInvalid('the file is not a ZIP archive');
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(body);
  } catch {
    throw paramsInvalid('the ZIP archive is damaged');
  }
  const entries = Object.values(zip.files).filter((f) => !f.dir);
  if (entries.length === 0) throw paramsInvalid('the ZIP archive is empty');
  if (entries.length > ZIP_MAX_ENTRIES) throw paramsInvalid(`a ZIP may hold at most ${ZIP_MAX_ENTRIES} files`);
  let total = 0;
  for (const entry of entries) {
    const content = await entry.async('nodebuffer');
    total += content.length;
    if (total > ZIP_MAX_UNPACKED_BYTES) throw paramsInvalid('the ZIP archive unpacks to more than the size limit');
    await inspectImage(content).catch((err: Error) => {
      throw paramsInvalid(`${entry.name}: ${err.message}`);
    });
  }
  return entries.map((e) => e.name);
}
