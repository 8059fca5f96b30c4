/**
 * One bounded pool of heavy-work threads per process. Every CPU-heavy step (a task's whole
 * processor, subject/text/scratch detection, the inpaint preview) runs on one of these
 * threads, so `/api/health` and status polls answer in milliseconds while a 49 MP photo is cut
 * out. Work waits in a FIFO when every thread is busy; a thread that dies is replaced and only
 * its own job fails.
 *
 * Two lanes (queue/lanes.ts): light work (the light task types, detections, the inpaint preview) goes ahead of
 * heavy work in the wait, and may use LIGHT_RESERVED_THREADS threads beyond the pool's size that heavy work
 * never takes, so a detection or a background re-run never waits for an enhancement to end.
 */
import { Worker } from 'node:worker_threads';
import { ApiError } from '../envelope';
import type { ProcessorContext } from '../tasks/processor';
import { log } from '../logging';
import type { HeavyAnswer, HeavyEvent, HeavyRequest, SerializedError } from './messages';
import { laneOf, type Lane } from '../queue/lanes';
import { threadEntryUrl, threadModuleUrl } from './threadModules';

/** Threads beyond HEAVY_THREADS kept for light work only (started on first need, like the others). */
export const LIGHT_RESERVED_THREADS = 1;

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
  lane: Lane;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  /** One of the LIGHT_RESERVED_THREADS: runs light work only. */
  reserved: boolean;
}

let size = 1;
const slots: Slot[] = [];
/** Work waiting for a thread, per lane (light first). */
const waiting: Record<Lane, Job[]> = { light: [], heavy: [] };
let nextId = 1;
/** Set by closeHeavyPool: no new threads start (a later call reopens the pool). */
let closed = false;

/** Sets how many threads the pool may start (HEAVY_THREADS; default max(1, WORKERS)). Call before first use. */
export function configureHeavyPool(threads: number): void {
  size = Math.max(1, Math.floor(threads));
}

/** Threads started so far, and jobs running and waiting (for /api/ready and benches). */
export function heavyPoolStats(): { threads: number; size: number; busy: number; waiting: number; reserved: number } {
  return {
    threads: slots.length,
    size,
    busy: slots.filter((s) => s.job).length,
    waiting: waiting.light.length + waiting.heavy.length,
    reserved: slots.filter((s) => s.reserved).length,
  };
}

function revive(err: SerializedError): Error {
  if (err.apiCode !== undefined) return new ApiError(err.apiCode, err.message, err.httpStatus);
  return new Error(err.message);
}

function startSlot(reserved: boolean): Slot {
  // A reserved (light) thread runs at a milder CPU priority than the heavy ones, so on a busy machine a re-run
  // gets most of a core beside an enhancement (heavyThread.ts).
  const worker = new Worker(threadEntryUrl(), { workerData: { light: reserved } });
  const slot: Slot = { worker, job: null, reserved };
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
        taskId: job.request.taskId,
        waitMs: Math.round((job.postedAt ?? now) - job.queuedAt),
        messagesMs: Math.round(now - (job.postedAt ?? now) - event.ms.total),
        threadMs: event.ms.total,
        asksMs: event.ms.asks,
      });
    }
    job.resolve(event.result);
  } else if (event.error.cancelled && job.cancelError) job.reject(job.cancelError);
  else job.reject(revive(event.error));
  pump();
}

/**
 * A thread for the next job of `lane`: light work takes an idle reserved thread, else starts one, else takes any
 * idle one (so light work keeps to its own thread, whose cut-out cache its re-runs then hit: a re-run that found
 * its cut-out cached on a general thread now busy with an enhancement would cut out again); heavy work only the
 * pool's own `size` threads. Null when it must wait.
 */
function slotFor(lane: Lane): Slot | null {
  const general = slots.filter((s) => !s.reserved);
  if (lane === 'light') {
    const idle = slots.find((s) => !s.job && s.reserved);
    if (idle) return idle;
    if (slots.length - general.length < LIGHT_RESERVED_THREADS) return startSlot(true);
    const idleGeneral = general.find((s) => !s.job);
    if (idleGeneral) return idleGeneral;
  } else {
    const idle = general.find((s) => !s.job);
    if (idle) return idle;
  }
  return general.length < size ? startSlot(false) : null;
}

/** Hands waiting jobs to idle threads, light work first, starting threads up to the pool size (plus the reserved ones). */
function pump(): void {
  for (const lane of ['light', 'heavy'] as const) {
    while (waiting[lane].length > 0 && !closed) {
      const slot = slotFor(lane);
      if (!slot) break;
      const job = waiting[lane].shift()!;
      slot.job = job;
      slot.worker.ref(); // busy: keep the process alive until the job ends
      job.postedAt = performance.now();
      slot.worker.postMessage(job.request);
    }
  }
}

function submit(request: HeavyRequest, lane: Lane, ctx?: ProcessorContext): Promise<unknown> {
  closed = false;
  return new Promise((resolve, reject) => {
    waiting[lane].push({ request, ctx, resolve, reject, queuedAt: performance.now(), lane });
    pump();
  });
}

/**
 * Runs the real processor of `type`, from the registry module at `registry` (processors/index.ts), on a
 * heavy-work thread with `ctx`'s storage, progress and cancellation. Resolves with its output (or rejects as
 * the processor would have).
 */
export function runProcessorOnThread<T>(registry: URL, type: string, ctx: ProcessorContext): Promise<T> {
  return submit(
    { id: nextId++, kind: 'processor', module: threadModuleUrl(registry).href, type, taskId: ctx.taskId, params: ctx.params, owner: ctx.owner ?? null },
    laneOf(type),
    ctx,
  ) as Promise<T>;
}

/**
 * Calls `fn(...args)`, exported by the module at `moduleUrl`, on a heavy-work thread (`lane` 'light' for short
 * work a user waits on: detections, previews).
 * Arguments and result are copied (structured clone), so pass buffers, numbers and plain objects.
 */
export function runOnThread<T>(moduleUrl: URL, fn: string, args: unknown[], lane: Lane = 'heavy'): Promise<T> {
  return submit({ id: nextId++, kind: 'call', module: threadModuleUrl(moduleUrl).href, fn, args }, lane) as Promise<T>;
}

/** Stops every thread (shutdown); jobs still running fail. */
export async function closeHeavyPool(): Promise<void> {
  closed = true;
  for (const job of [...waiting.light.splice(0), ...waiting.heavy.splice(0)]) job.reject(new Error('the server is shutting down'));
  const all = slots.splice(0);
  await Promise.all(all.map((s) => s.worker.terminate()));
}
