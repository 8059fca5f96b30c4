/**
 * The batch API (engine/spec/batch.ts) over HTTP, as the command-line tool uses it: the same endpoints and
 * envelope as the batch pages. Photos are sent as file-backed blobs, so a large folder is never in memory.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { openAsBlob } from 'node:fs';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { AddItemsReply, BatchSettings, BatchStatus, BatchToolId } from '../engine/spec/batch';

/** Codes of the client's own failures: no reply at all, and a reply that is not the API's envelope. */
const UNREACHABLE = -1000;
const NOT_THE_API = -1002;
/** Attempts after the first for a request that is safe to send again. */
const RETRIES = 3;

/**
 * A photo's idempotency key (the items upload's `keys` field): its absolute path, size and modification time,
 * hashed. The same file sent again (a retried request) has the same key; a file changed on disk gets a new one.
 */
export function fileKey(file: { path: string; size: number; mtimeMs: number }): string {
  return `cli_${createHash('sha256')
    .update(`${resolve(file.path)}\0${file.size}\0${Math.round(file.mtimeMs)}`)
    .digest('hex')
    .slice(0, 40)}`;
}

export class ApiFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export interface ClientOptions {
  server: string;
  /** `x-device-id` (a visitor's free allowance) and, when signed in, `x-auth-token`. */
  deviceId: string;
  token?: string;
  /** Pause before a retry (default 1 s, doubling); tests shorten it. */
  retryPauseMs?: number;
}

export class BatchClient {
  constructor(private readonly options: ClientOptions) {}

  private headers(json: boolean): Record<string, string> {
    return {
      'x-device-id': this.options.deviceId,
      ...(this.options.token ? { 'x-auth-token': this.options.token } : {}),
      ...(json ? { 'content-type': 'application/json' } : {}),
    };
  }

  private url(path: string): string {
    return `${this.options.server.replace(/\/+$/, '')}${path}`;
  }

  /**
   * One request. With `retry` (a request the server answers the same way when it arrives twice: a status, a
   * keyed upload, a start), a lost connection or a reply that is not the API's (a proxy's 502, a restart) is
   * sent again after a pause, up to {@link RETRIES} times; `body` builds a fresh body for each attempt.
   */
  private async call<T>(method: 'GET' | 'POST', path: string, body?: () => Promise<unknown | FormData>, retry = false): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once<T>(method, path, await body?.());
      } catch (err) {
        const transient = err instanceof ApiFailure && (err.code === UNREACHABLE || err.code === NOT_THE_API);
        if (!retry || !transient || attempt >= RETRIES) throw err;
        await new Promise((r) => setTimeout(r, this.options.retryPauseMs ?? 1000 * 2 ** attempt));
      }
    }
  }

  private async once<T>(method: 'GET' | 'POST', path: string, body?: unknown | FormData): Promise<T> {
    const isForm = body instanceof FormData;
    let res: Response;
    let text: string;
    try {
      res = await fetch(this.url(path), {
        method,
        headers: this.headers(!isForm && body !== undefined),
        body: isForm ? body : body === undefined ? undefined : JSON.stringify(body),
      });
      text = await res.text();
    } catch (err) {
      throw new ApiFailure(UNREACHABLE, `cannot reach ${this.options.server}: ${(err as Error).message}`);
    }
    let json: { resultCode: number; msg: string; data: T };
    try {
      json = JSON.parse(text);
    } catch {
      throw new ApiFailure(NOT_THE_API, `${method} ${path} answered HTTP ${res.status}: ${text.slice(0, 200)}`);
    }
    if (json.resultCode !== 100) throw new ApiFailure(json.resultCode, json.msg);
    return json.data;
  }

  /** Not retried: a second batch would be made if the first reply were lost. */
  create(tool: BatchToolId, settings: BatchSettings): Promise<BatchStatus> {
    return this.call('POST', '/api/batch', async () => ({ tool, settings }));
  }

  status(batchId: string): Promise<BatchStatus> {
    return this.call('GET', `/api/batch/${batchId}`, undefined, true);
  }

  /**
   * Sends photos (`name` is what the batch shows and the download names keep) with each one's `key`
   * ({@link fileKey}): the server adds a photo whose key the batch has once, so the upload is retried safely.
   */
  async addFiles(batchId: string, files: Array<{ path: string; name: string; key: string }>): Promise<AddItemsReply> {
    return this.call(
      'POST',
      `/api/batch/${batchId}/items`,
      async () => {
        const form = new FormData();
        form.append('keys', JSON.stringify(files.map((f) => f.key)));
        for (const f of files) form.append('file', await openAsBlob(f.path), f.name);
        return form;
      },
      true,
    );
  }

  /** Sends a ZIP; the server keys its entries (name, CRC, size), so sending it again adds nothing twice. */
  async addZip(batchId: string, zip: { path: string; name: string }): Promise<AddItemsReply> {
    return this.call(
      'POST',
      `/api/batch/${batchId}/zip`,
      async () => {
        const form = new FormData();
        form.append('file', await openAsBlob(zip.path, { type: 'application/zip' }), zip.name);
        return form;
      },
      true,
    );
  }

  /** Retried: starting a started batch queues only photos still waiting. */
  start(batchId: string): Promise<BatchStatus> {
    return this.call('POST', `/api/batch/${batchId}/start`, async () => ({}), true);
  }

  cancel(batchId: string): Promise<BatchStatus> {
    return this.call('POST', `/api/batch/${batchId}/cancel`, async () => ({}), true);
  }

  /** Streams a download (`/download` or one item's) to `file` on disk. */
  async download(path: string, file: string): Promise<void> {
    const res = await fetch(this.url(path), { headers: this.headers(false) });
    if (!res.ok || !res.body || (res.headers.get('content-type') ?? '').startsWith('application/json')) {
      const text = await res.text().catch(() => '');
      throw new ApiFailure(-1001, `download of ${path} failed: HTTP ${res.status} ${text.slice(0, 200)}`);
    }
    await pipeline(Readable.fromWeb(res.body as unknown as WebReadableStream), createWriteStream(file));
  }
}
