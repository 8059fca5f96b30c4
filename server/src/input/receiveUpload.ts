/**
 * Reads a multipart upload (SPEC §7: field `file`, one or many; field `data` JSON {func, fileType, subDir})
 * with bounded memory (issue 16, finding 5): every file part is streamed to a temporary file on disk with a
 * per-file limit (UPLOAD_MAX_BYTES) and a per-request limit (UPLOAD_MAX_REQUEST_BYTES), and each file is
 * checked by `onFile` as soon as it has landed, so a batch is handled file by file and a bad file stops the
 * upload without reading the rest. Malformed multipart (no boundary, cut parts, broken headers) is -102.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES, UPLOAD_MAX_REQUEST_BYTES } from '../../../engine/spec/limits';
import { ApiError, paramsInvalid } from '../envelope';
import { jsonBodyProblem } from './jsonBody';
import { processConfig } from '../config/processConfig';

const noNul = (s: string) => !s.includes('\u0000');

/** The `data` field of an upload (SPEC §7). */
export const UploadData = z.object({
  func: z.string().max(64).refine(noNul, 'func must not contain NUL characters').optional(),
  fileType: z.string().max(32).refine(noNul, 'fileType must not contain NUL characters').optional(),
  subDir: z
    .string()
    .regex(/^[a-zA-Z0-9_-]{1,40}$/, 'subDir may hold letters, digits, _ and - only')
    .optional(),
});
export type UploadData = z.infer<typeof UploadData>;

/** One uploaded file, on disk until the request ends. */
export interface ReceivedFile {
  /** The client's file name, for messages only (never used as a path). */
  name: string;
  path: string;
  size: number;
}

export interface ReceivedUpload<T> {
  files: Array<ReceivedFile & { checked: T }>;
  data: UploadData;
  /** The other text fields by name (the last one of a name wins), for routes that take more (batch item keys). */
  fields: Record<string, string>;
}

const DATA_HINT = 'the "data" field must be JSON like {"func":"removebg","fileType":"image","subDir":"web"}';

function parseData(raw: string | undefined): UploadData {
  if (raw === undefined || raw === '') return {};
  const problem = jsonBodyProblem(raw);
  if (problem) throw paramsInvalid(`invalid "data" field: ${problem}`);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw paramsInvalid(DATA_HINT);
  }
  const parsed = UploadData.safeParse(json);
  if (!parsed.success) throw paramsInvalid(`invalid "data" field: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  return parsed.data;
}

/** Counts bytes across all files of the request and stops the stream past the per-request limit. */
function requestBudget(limit: number) {
  let used = 0;
  return () =>
    new Transform({
      transform(chunk: Buffer, _enc, done) {
        used += chunk.length;
        if (used > limit) done(paramsInvalid(`the upload is larger than ${Math.round(limit / 1024 / 1024)} MB in all`));
        else done(null, chunk);
      },
    });
}

/**
 * After an early refusal, reads and discards the rest of the body so the client, still sending, finishes
 * its request and reads the answer (a server that stops reading leaves it stalled until a timeout).
 * Past `limit` bytes the connection is cut instead.
 */
function drainRest(request: FastifyRequest, limit: number): void {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  let drained = 0;
  raw.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > limit) raw.destroy();
  });
  raw.resume();
}

/** @fastify/multipart's limit and format errors, in words a user can act on. */
const MULTIPART_MESSAGES: Record<string, string> = {
  FST_FILES_LIMIT: `at most ${UPLOAD_MAX_FILES} files per upload`,
  FST_PARTS_LIMIT: 'too many parts in the upload',
  FST_FIELDS_LIMIT: 'too many fields in the upload',
  FST_REQ_FILE_TOO_LARGE: `the file is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`,
  FST_INVALID_JSON_FIELD_ERROR: DATA_HINT,
  FST_MP_PREMATURE_CLOSE: 'the upload was cut off before it was complete',
};

/** Errors of our own and of the disk pass; multipart limits and malformed multipart become -102. */
function asUploadError(err: unknown): unknown {
  if (err instanceof ApiError) return err;
  const e = err as { code?: string; syscall?: string; message?: string };
  if (e.syscall) return err;
  const known = e.code ? MULTIPART_MESSAGES[e.code] : undefined;
  return paramsInvalid(known ?? `malformed upload: ${e.message ?? 'unreadable multipart body'}`);
}

/**
 * Streams the request's files to a temporary folder, calling `onFile` on each as it lands, then runs
 * `use` with the files and the parsed `data` field. The temporary folder is removed afterwards, whatever
 * happens. Throws -102 for a non-multipart request, malformed multipart, too many or too large files.
 */
export async function withReceivedUpload<T, R>(
  request: FastifyRequest,
  onFile: (file: ReceivedFile, index: number) => Promise<T>,
  use: (upload: ReceivedUpload<T>) => Promise<R>,
  options: {
    maxFiles?: number;
    tooManyFiles?: string;
    maxRequestBytes?: number;
    tmpRoot?: string /** Per file; default UPLOAD_MAX_BYTES (a batch ZIP is larger). */;
    maxFileBytes?: number;
  } = {},
): Promise<R> {
  if (!request.isMultipart()) throw paramsInvalid('expected a multipart/form-data upload with a "file" field');
  const dir = path.join(options.tmpRoot ?? processConfig().uploadTmpRoot, randomUUID());
  await mkdir(dir, { recursive: true });
  const budget = requestBudget(options.maxRequestBytes ?? UPLOAD_MAX_REQUEST_BYTES);
  const maxFiles = options.maxFiles ?? UPLOAD_MAX_FILES;
  try {
    const files: Array<ReceivedFile & { checked: T }> = [];
    let rawData: string | undefined;
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    try {
      const maxFileBytes = options.maxFileBytes ?? UPLOAD_MAX_BYTES;
      for await (const part of request.parts({ limits: { fileSize: maxFileBytes } })) {
        if (part.fieldname.includes('\u0000')) throw paramsInvalid('a field name contains a NUL character');
        if (part.type !== 'file') {
          if (part.fieldname === 'data') rawData = String(part.value);
          else fields[part.fieldname] = String(part.value);
          continue;
        }
        if (part.fieldname !== 'file') throw paramsInvalid(`files go in the field named "file", not "${part.fieldname.slice(0, 40)}"`);
        if (part.filename?.includes('\u0000')) throw paramsInvalid('the file name contains a NUL character');
        if (files.length >= maxFiles) throw paramsInvalid(options.tooManyFiles ?? `at most ${maxFiles} files per upload`);
        const file: ReceivedFile = { name: (part.filename || 'file').slice(0, 200), path: path.join(dir, `${files.length}`), size: 0 };
        await pipeline(part.file, budget(), createWriteStream(file.path));
        if (part.file.truncated) throw paramsInvalid(`the file is larger than ${Math.round(maxFileBytes / 1024 / 1024)} MB`);
        file.size = (await stat(file.path)).size;
        files.push({ ...file, checked: await onFile(file, files.length) });
      }
    } catch (err) {
      drainRest(request, options.maxRequestBytes ?? UPLOAD_MAX_REQUEST_BYTES);
      throw asUploadError(err);
    }
    return await use({ files, data: parseData(rawData), fields });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
