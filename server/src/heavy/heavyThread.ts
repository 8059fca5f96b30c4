/**
 * The thread side of the heavy-work pool: runs a task's processor (IS-Net and its pre- and
 * post-processing, decontamination, blur, OpenCV, G'MIC decoding…) or a named function, so
 * the event loop of the server only moves bytes. Storage, progress and cancellation of a
 * processor are relayed to the event loop, which owns the database and the file storage.
 */
import { processConfig } from '../config/processConfig';
import { readlinkSync } from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { ApiError } from '../envelope';
import type { FileStorage } from '../storage/storage';
import type { Processor, ProcessorContext } from '../tasks/processor';
import type { HeavyAnswer, HeavyEvent, HeavyRequest, SerializedError } from './messages';

if (!parentPort) throw new Error('heavyThread.ts runs only as a worker thread');
const port = parentPort;

/**
 * Heavy work yields the CPU to the event loop: on Linux this thread (and the model's threads
 * it starts, which inherit it) runs at a lower priority (HEAVY_NICE, default 10), so on a
 * busy machine status polls are not queued behind inference. Elsewhere this is skipped.
 */
function lowerPriority(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    // A thread reserved for light work (heavyPool.ts) runs milder: its short jobs are what a user waits on now.
    const light = (workerData as { light?: boolean } | null)?.light === true;
    const nice = processConfig().process.heavyNice;
    if (tid > 0) os.setPriority(tid, light ? Math.max(0, nice - 5) : nice);
  } catch {
    // not Linux, or not allowed: run at normal priority
  }
}
lowerPriority();

/** Thrown in the thread when the event loop says the task was cancelled. */
class CancelledInThread extends Error {}

const asks = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
let nextRid = 1;

function post(event: HeavyEvent): void {
  port.postMessage(event);
}

/** Milliseconds the current job spent waiting for the event loop's answers (one job at a time per thread). */
let askMs = 0;

function ask(id: number, op: Extract<HeavyEvent, { type: 'ask' }>['op'], args: unknown[]): Promise<unknown> {
  const rid = nextRid++;
  const askedAt = performance.now();
  return new Promise<unknown>((resolve, reject) => {
    asks.set(rid, { resolve, reject });
    post({ id, type: 'ask', rid, op, args });
  }).finally(() => (askMs += performance.now() - askedAt));
}

function serialize(err: unknown): SerializedError {
  if (err instanceof CancelledInThread) return { message: 'cancelled', cancelled: true };
  if (err instanceof ApiError) return { message: err.message, apiCode: err.code, httpStatus: err.httpStatus };
  return { message: err instanceof Error ? err.message : String(err) };
}

/** A FileStorage whose calls run on the event loop's storage. */
function relayedStorage(id: number): FileStorage {
  return {
    put: async (key, body, contentType) => void (await ask(id, 'storage.put', [key, body, contentType])),
    get: async (key) => {
      const file = (await ask(id, 'storage.get', [key])) as { body: Uint8Array; contentType: string } | null;
      return file ? { body: Buffer.from(file.body.buffer, file.body.byteOffset, file.body.byteLength), contentType: file.contentType } : null;
    },
    exists: async (key) => (await ask(id, 'storage.exists', [key])) as boolean,
    delete: async (key) => void (await ask(id, 'storage.delete', [key])),
  };
}

async function runProcessor(request: Extract<HeavyRequest, { kind: 'processor' }>): Promise<unknown> {
  // The registry comes by URL (threadedProcessors.ts names it), so this pool imports no feature.
  const { PROCESSORS } = (await import(request.module)) as { PROCESSORS: Partial<Record<string, Processor>> };
  const processor = PROCESSORS[request.type];
  if (!processor) throw new Error(`no processor for ${request.type}`);
  const ctx: ProcessorContext = {
    taskId: request.taskId,
    params: request.params,
    owner: request.owner ?? null,
    storage: relayedStorage(request.id),
    onProgress: (value) => post({ id: request.id, type: 'progress', value }),
    checkCancelled: async () => {
      if (await ask(request.id, 'checkCancelled', [])) throw new CancelledInThread();
    },
  };
  return processor(ctx);
}

async function runCall(request: Extract<HeavyRequest, { kind: 'call' }>): Promise<unknown> {
  const mod = (await import(request.module)) as Record<string, unknown>;
  const fn = mod[request.fn];
  if (typeof fn !== 'function') throw new Error(`${request.module} has no function ${request.fn}`);
  // Buffers arrive as plain Uint8Arrays (structured clone): give the function Buffers back.
  const args = request.args.map((a) => (a instanceof Uint8Array && !Buffer.isBuffer(a) ? Buffer.from(a.buffer, a.byteOffset, a.byteLength) : a));
  return (fn as (...args: unknown[]) => unknown)(...args);
}

port.on('message', (msg: HeavyRequest | HeavyAnswer) => {
  if ('rid' in msg) {
    const pending = asks.get(msg.rid);
    asks.delete(msg.rid);
    if (msg.error) pending?.reject(Object.assign(new Error(msg.error.message), msg.error));
    else pending?.resolve(msg.result);
    return;
  }
  const startedAt = performance.now();
  askMs = 0;
  const work = msg.kind === 'processor' ? runProcessor(msg) : runCall(msg);
  work.then(
    (result) => post({ id: msg.id, type: 'done', result, ms: { total: Math.round(performance.now() - startedAt), asks: Math.round(askMs) } }),
    (err: unknown) => post({ id: msg.id, type: 'error', error: serialize(err) }),
  );
});
