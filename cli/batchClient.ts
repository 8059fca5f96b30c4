/**
 * The batch API (engine/spec/batch.ts) over HTTP, as the command-line tool uses it: the same endpoints and
 * envelope as the batch pages. Photos are sent as file-backed blobs, so a large folder is never in memory.
 */
import { createWriteStream } from 'node:fs';
import { openAsBlob } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { AddItemsReply, BatchSettings, BatchStatus, BatchToolId } from '../engine/spec/batch';

export class ApiFailure extends Error {
  constructor(readonly code: number, message: string) {
    super(message);
  }
}

export interface ClientOptions {
  server: string;
  /** `x-device-id` (a visitor's free allowance) and, when signed in, `x-auth-token`. */
  deviceId: string;
  token?: string;
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

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown | FormData): Promise<T> {
    const isForm = body instanceof FormData;
    let res: Response;
    try {
      res = await fetch(this.url(path), {
        method,
        headers: this.headers(!isForm && body !== undefined),
        body: isForm ? body : body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (err) {
      throw new ApiFailure(-1000, `cannot reach ${this.options.server}: ${(err as Error).message}`);
    }
    const text = await res.text();
    let json: { resultCode: number; msg: string; data: T };
    try {
      json = JSON.parse(text);
    } catch {
      throw new ApiFailure(-1002, `${method} ${path} answered HTTP ${res.status}: ${text.slice(0, 200)}`);
    }
    if (json.resultCode !== 100) throw new ApiFailure(json.resultCode, json.msg);
    return json.data;
  }

  create(tool: BatchToolId, settings: BatchSettings): Promise<BatchStatus> {
    return this.call('POST', '/api/batch', { tool, settings });
  }

  status(batchId: string): Promise<BatchStatus> {
    return this.call('GET', `/api/batch/${batchId}`);
  }

  /** Sends photos (`name` is what the batch shows and the download names keep). */
  async addFiles(batchId: string, files: Array<{ path: string; name: string }>): Promise<AddItemsReply> {
    const form = new FormData();
    for (const f of files) form.append('file', await openAsBlob(f.path), f.name);
    return this.call('POST', `/api/batch/${batchId}/items`, form);
  }

  async addZip(batchId: string, zip: { path: string; name: string }): Promise<AddItemsReply> {
    const form = new FormData();
    form.append('file', await openAsBlob(zip.path, { type: 'application/zip' }), zip.name);
    return this.call('POST', `/api/batch/${batchId}/zip`, form);
  }

  start(batchId: string): Promise<BatchStatus> {
    return this.call('POST', `/api/batch/${batchId}/start`, {});
  }

  cancel(batchId: string): Promise<BatchStatus> {
    return this.call('POST', `/api/batch/${batchId}/cancel`, {});
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
