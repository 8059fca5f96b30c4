import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { paramsInvalid } from '../envelope';
import { isPublicFileKey } from '../storage/storage';
import { storageKeyFromUrl } from '../storage/fileUrls';
import { requestOwner } from './requestOwner';

/** What is recorded about a stored file; the owner is the key from requestOwner. */
export interface OwnedFile {
  key: string;
  owner: string;
  contentType: string;
  sizeBytes: number;
  width?: number | null;
  height?: number | null;
  func?: string | null;
}

/**
 * Who may use a stored file as the input of a task, a detection, a review or a download: only the
 * caller who uploaded it (its `files` row names the owner) or whose task produced it (the `tasks` row
 * of a `results/…/<taskId>.<ext>` key names the owner). Project files are never task inputs.
 * A file URL is a capability for reading it at `/files/…`, but never for feeding it to a tool under
 * another caller's name, so a known or guessed URL cannot be turned into someone else's work.
 */
export class FileAccess {
  constructor(private readonly db: Database) {}

  /** Records a file this server stored for `owner` (an upload, a detection mask); the storage may have written its row already, without an owner. */
  async record(file: OwnedFile): Promise<void> {
    await this.db.query(
      `insert into files (key, owner, content_type, size_bytes, width, height, func) values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (key) do update set owner = excluded.owner,
         width = coalesce(excluded.width, files.width), height = coalesce(excluded.height, files.height), func = coalesce(excluded.func, files.func)`,
      [file.key, file.owner, file.contentType, file.sizeBytes, file.width ?? null, file.height ?? null, file.func ?? null],
    );
  }

  /** True when `owner` uploaded the file at `key` or a task of `owner` produced it. */
  async mayUse(owner: string, key: string): Promise<boolean> {
    if (!isPublicFileKey(key)) return false;
    if (key.startsWith('results/')) {
      const taskId = path.posix.basename(key).replace(/\.[^.]+$/, '');
      // The task row, or once retention swept it (a saved project kept the result), the file row it left its owner on.
      const { rows } = await this.db.query(
        `select 1 from tasks where id = $1 and owner = $2 and result_url = $3
         union all select 1 from files where key = $4 and owner = $2 limit 1`,
        [taskId, owner, `/files/${key}`, key],
      );
      return rows.length > 0;
    }
    const { rows } = await this.db.query('select 1 from files where key = $1 and owner = $2', [key, owner]);
    return rows.length > 0;
  }

  /**
   * The storage key behind `url` (`/files/<key>` or `http(s)://host/files/<key>`) when `owner` may use it.
   * @throws ApiError -102 naming the parameter otherwise: the same answer for "no such file" and "not
   *   yours", so the reply never tells whether someone else's file exists.
   */
  async keyFor(owner: string, url: string, name: string): Promise<string> {
    let key: string | null;
    try {
      key = storageKeyFromUrl(url);
    } catch {
      key = null; // a malformed %-escape
    }
    if (!key || !(await this.mayUse(owner, key))) {
      throw paramsInvalid(`${name} must be a file you uploaded to this server or a result of your own task`);
    }
    return key;
  }
}

/**
 * Every string in a task payload that a processor could read as one of our files (whatever
 * {@link storageKeyFromUrl} resolves, so `/./files/…` or `http://x/files/…` are found too), with its
 * parameter name. Looked at before a task is queued, because the worker no longer knows the caller.
 */
export function fileUrlsIn(payload: Record<string, unknown>): Array<{ name: string; url: string }> {
  const found: Array<{ name: string; url: string }> = [];
  const visit = (value: unknown, name: string, depth: number) => {
    if (depth > 4) return;
    if (typeof value === 'string') {
      if (namesStoredFile(value)) found.push({ name, url: value });
    } else if (Array.isArray(value)) {
      value.slice(0, 100).forEach((v, i) => visit(v, `${name}[${i}]`, depth + 1));
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value).slice(0, 100)) visit(v, name ? `${name}.${k}` : k, depth + 1);
    }
  };
  visit(payload, '', 0);
  return found;
}

function namesStoredFile(value: string): boolean {
  try {
    return storageKeyFromUrl(value) !== null;
  } catch {
    return true; // a malformed %-escape after /files/: let keyFor refuse it
  }
}

/**
 * True when the caller of `request` may use the stored file `key`. Route unit tests that build a bare
 * app without a database pass no `access`; buildApp always passes one.
 */
export async function callerMayUse(access: FileAccess | undefined, request: FastifyRequest, key: string): Promise<boolean> {
  return access ? access.mayUse(requestOwner(request), key) : true;
}
