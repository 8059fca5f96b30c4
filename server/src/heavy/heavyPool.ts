/**
 * One bounded pool of heavy-work threads per process. Every CPU-heavy step (a task's whole
 * processor, subject/text/scratch detection, the inpaint preview) runs on one of these
 * threads, so `/api/health` and status polls answer in milliseconds while a 49 MP photo is cut
 * out. Work waits in a FIFO when every thread is busy; a thread that dies is replaced and only
 * its own job fails.
 */
import { Worker } from 'node:worker_threads';
import { ApiError } from '../envelope';
import type { ProcessorContext } from '../tasks/processor';
import { log } from '../logging';
import type { HeavyAnswer, HeavyEvent, HeavyRequest, SerializedError } from './messages';

/** The event-loop side of one piece of work: where progress, questions and the outcome go. */
interface Job {
  request: HeavyRequest;
  ctx?: ProcessorContext;
  /** The error the event loop's checkCancelled threw, rethrown when the thread gives up. */
  cancelError?: unknown;
  resolve(value: unknown): void;
  reject(err: unknown): void;
  /** performance.now() when the job was submitted and when it was posted to a thread (for the timing log). */
  queuedAt: number;
  postedAt?: number;
}

interface Slot {
  worker: Worker;
  job: Job | null;
}

let size = 1;
const slots: Slot[] = [];
const waiting: Job[] = [];
let nextId = 1;
/** Set by closeHeavyPool: no new threads start (a later call reopens the pool). */
let closed = false;

/** Sets how many threads the pool may start (HEAVY_THREADS; default max(1, WORKERS)). Call before first use. */
export function configureHeavyPool(threads: number): void {
  size = Math.max(1, Math.floor(threads));
}

/** Threads started so far, and jobs running and waiting (for /api/ready and benches). */
export function heavyPoolStats(): { threads: number; size: number; busy: number; waiting: number } {
  return { threads: slots.length, size, busy: slots.filter((s) => s.job).length, waiting: waiting.length };
}

function revive(err: SerializedError): Error {
  if (err.apiCode !== undefined) return new ApiError(err.apiCode, err.message, err.httpStatus);
  return new Error(err.message);
}

function startSlot(): Slot {
  const worker = new Worker(new URL('./thread.mjs', import.meta.url));
  const slot: Slot = { worker, job: null };
  worker.unref(); // an idle pool must not keep the process alive
  worker.on('message', (event: HeavyEvent) => void onEvent(slot, event));
  const die = (err: Error) => {
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
    slot.job?.reject(new Error(`a heavy-work thread stopped: ${err.message}`));
    slot.job = null;
    pump();
  };
  worker.on('error', die);
  worker.on('exit', (code) => die(new Error(`exit code ${code}`)));
  slots.push(slot);
  return slot;
}

async function answer(slot: Slot, job: Job, event: Extract<HeavyEvent, { type: 'ask' }>): Promise<void> {
  const reply: HeavyAnswer = { rid: event.rid };
  try {
    const ctx = job.ctx;
    if (!ctx) throw new Error('only processors may ask');
    switch (event.op) {
      case 'checkCancelled':
        try {
          await ctx.checkCancelled();
          reply.result = false;
        } catch (err) {
          job.cancelError = err;
          reply.result = true;
        }
        break;
      case 'storage.get':
        reply.result = await ctx.storage.get(event.args[0] as string);
        break;
      case 'storage.exists':
        reply.result = await ctx.storage.exists(event.args[0] as string);
        break;
      case 'storage.put': {
        const [key, body, type] = event.args as [string, Uint8Array, string];
        await ctx.storage.put(key, Buffer.from(body.buffer, body.byteOffset, body.byteLength), type);
        break;
      }
      case 'storage.delete':
        await ctx.storage.delete(event.args[0] as string);
        break;
    }
  } catch (err) {
    reply.error = { message: err instanceof Error ? err.message : String(err), apiCode: err instanceof ApiError ? err.code : undefined };
  }
  if (slot.job === job) slot.worker.postMessage(reply);
}

async function onEvent(slot: Slot, event: HeavyEvent): Promise<void> {
  const job = slot.job;
  if (!job || job.request.id !== event.id) return;
  if (event.type === 'progress') return job.ctx?.onProgress(event.value);
  if (event.type === 'ask') return answer(slot, job, event);
  slot.job = null;
  slot.worker.unref();
  if (event.type === 'done') {
    if (job.request.kind === 'processor' && event.ms) {
      // Hand-off costs of the thread pool (bench:removebg-server --breakdown): waiting for a thread, and the
      // messages' time both ways (the job's time minus the thread's own).
      const now = performance.now();
      log.debug('heavy timing', {
        taskId: job.request.taskId, waitMs: Math.round((job.postedAt ?? now) - job.queuedAt),
        messagesMs: Math.round(now - (job.postedAt ?? now) - event.ms.total), threadMs: event.ms.total, asksMs: event.ms.asks,
      });
    }
    job.resolve(event.result);
  } else if (event.error.cancelled && job.cancelError) job.reject(job.cancelError);
  else job.reject(revive(event.error));
  pump();
}

/** Hands waiting jobs to idle threads, starting threads up to the pool size. */
function pump(): void {
  while (waiting.length > 0 && !closed) {
    const slot = slots.find((s) => !s.job) ?? (slots.length < size ? startSlot() : null);
    if (!slot) return;
    const job = waiting.shift()!;
    slot.job = job;
    slot.worker.ref(); // busy: keep the process alive until the job ends
    job.postedAt = performance.now();
    slot.worker.postMessage(job.request);
  }
}

function submit(request: HeavyRequest, ctx?: ProcessorContext): Promise<unknown> {
  closed = false;
  return new Promise((resolve, reject) => {
    waiting.push({ request, ctx, resolve, reject, queuedAt: performance.now() });
    pump();
  });
}

/**
 * Runs the real processor of `type` on a heavy-work thread with `ctx`'s storage, progress and
 * cancellation. Resolves with its output (or rejects as the processor would have).
 */
export function runProcessorOnThread<T>(type: string, ctx: ProcessorContext): Promise<T> {
  return submit({ id: nextId++, kind: 'processor', type, taskId: ctx.taskId, params: ctx.params }, ctx) as Promise<T>;
}

/**
 * Calls `fn(...args)`, exported by the module at `moduleUrl`, on a heavy-work thread.
 * Arguments and result are copied (structured clone), so pass buffers, numbers and plain objects.
 */
export function runOnThread<T>(moduleUrl: URL, fn: string, args: unknown[]): Promise<T> {
  return submit({ id: nextId++, kind: 'call', module: moduleUrl.href, fn, args }) as Promise<T>;
}

/** Stops every thread (shutdown); jobs still running fail. */
export async function closeHeavyPool(): Promise<void> {
  closed = true;
  for (const job of waiting.splice(0)) job.reject(new Error('the server is shutting down'));
  const all = slots.splice(0);
  await Promise.all(all.map((s) => s.worker.terminate()));
}
