/**
 * Photos that start uploading within a few milliseconds of each other travel in one request
 * (`POST /api/batch/:id/items` takes several files), so a batch of 100 photos costs a handful of
 * uploads against the server's per-device upload limit instead of 100. A refused request
 * (HTTP 429, code 1000003) is tried again with the SPEC §9 retry helper's doubling delay.
 */
import { ResultCode } from '../../engine/spec/errors';
import type { AddItemsReply, BatchItemStatus } from '../../engine/spec/batch';
import { RETRY_BASE_DELAY_MS, RETRY_DEFAULT_ATTEMPTS } from '../../engine/spec/limits';

type Send = (batchId: string, files: Array<{ file: Blob; name: string; key?: string }>, onProgress: (fraction: number) => void) => Promise<AddItemsReply>;

interface Pending {
  batchId: string;
  file: Blob;
  name: string;
  key?: string;
  onProgress(fraction: number): void;
  resolve(item: BatchItemStatus): void;
  reject(error: unknown): void;
}

export interface UploadQueueOptions {
  /** How long the queue waits for more photos before it sends. */
  windowMs?: number;
  /** Most photos in one request. */
  maxFiles?: number;
  /** Most bytes in one request (a slow line still shows progress per request). */
  maxBytes?: number;
  sleep?: (ms: number) => Promise<void>;
}

const codeOf = (err: unknown) => (err as { code?: number })?.code;

/** Sends with the retry helper of SPEC §9 when the server says it is busy (rate limit). */
async function sendWithRetry(send: Send, batchId: string, group: Pending[], sleep: (ms: number) => Promise<void>): Promise<AddItemsReply> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send(
        batchId,
        group.map((p) => ({ file: p.file, name: p.name, ...(p.key ? { key: p.key } : {}) })),
        (f) => group.forEach((p) => p.onProgress(f)),
      );
    } catch (err) {
      if (codeOf(err) !== ResultCode.SERVICE_UNAVAILABLE || attempt >= RETRY_DEFAULT_ATTEMPTS) throw err;
      await sleep(RETRY_BASE_DELAY_MS * 2 ** (attempt - 1));
    }
  }
}

export function createUploadQueue(send: Send, options: UploadQueueOptions = {}) {
  const windowMs = options.windowMs ?? 30;
  const maxFiles = options.maxFiles ?? 10;
  const maxBytes = options.maxBytes ?? 40 * 1024 * 1024;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let pending: Pending[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  function flush() {
    timer = null;
    const all = pending;
    pending = [];
    const groups: Pending[][] = [];
    for (const p of all) {
      const last = groups[groups.length - 1];
      const bytes = last ? last.reduce((n, q) => n + q.file.size, 0) : 0;
      if (last && last[0]!.batchId === p.batchId && last.length < maxFiles && bytes + p.file.size <= maxBytes) last.push(p);
      else groups.push([p]);
    }
    for (const group of groups) {
      sendWithRetry(send, group[0]!.batchId, group, sleep).then(
        (reply) =>
          group.forEach((p, i) => {
            const item = reply.items[i];
            if (item) p.resolve(item);
            else p.reject(Object.assign(new Error('the server did not list this photo'), { code: ResultCode.SERVER_ERROR }));
          }),
        (err) => group.forEach((p) => p.reject(err)),
      );
    }
  }

  return {
    /**
     * Uploads one photo into the batch; resolves with the server's item (refused photos come back as failed
     * items). `key`, the photo's id in the page, makes a second upload of it (after a reload) return the
     * item the first one made instead of adding it twice.
     */
    add(batchId: string, file: Blob, name: string, onProgress: (fraction: number) => void, key?: string): Promise<BatchItemStatus> {
      return new Promise((resolve, reject) => {
        pending.push({ batchId, file, name, key, onProgress, resolve, reject });
        if (timer === null) timer = setTimeout(flush, windowMs);
      });
    },
  };
}
