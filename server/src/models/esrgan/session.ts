import { ensureModelFile } from '../modelFiles';
import { ortSessionOptions } from '../ortSession';
import { Worker } from 'node:worker_threads';

/** The two Real-ESRGAN models: the compact SRVGG net (default) and the 23-block RRDBNet (high quality). */
export type EsrganModel = 'realesrgan-x4fast' | 'realesrgan-x4plus';

interface Pending {
  resolve(rgb: Uint8Array | null): void;
  reject(err: Error): void;
}

let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 1;
let queue: Promise<unknown> = Promise.resolve();

const paths = new Map<EsrganModel, Promise<string>>();

/** The model's ONNX path, checked (and converted when missing) once per process. */
function modelPath(model: EsrganModel): Promise<string> {
  let path = paths.get(model);
  if (!path) {
    path = (async () => {
      // Normally converted at `npm install`; converting here covers installs that skipped scripts.
      return ensureModelFile(`${model}.onnx`, 'prepare-esrgan.mjs', ['--quiet', model]);
    })();
    paths.set(model, path);
    path.catch(() => paths.delete(model)); // retry after a failed conversion
  }
  return path;
}

/** The inference thread, started on first use; it holds the sessions (one per model, kept). */
function inferenceWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./ortWorker.mjs', import.meta.url));
  w.unref(); // an idle worker must not keep the process alive; call() refs it while busy
  w.on('message', (msg: { id: number; rgb?: Uint8Array | null; error?: string }) => {
    const request = pending.get(msg.id);
    pending.delete(msg.id);
    if (pending.size === 0) w.unref();
    if (msg.error !== undefined) request?.reject(new Error(`Real-ESRGAN inference failed: ${msg.error}`));
    else request?.resolve(msg.rgb ?? null);
  });
  const failAll = (err: Error) => {
    if (worker === w) worker = null; // the next call starts a fresh thread
    for (const request of pending.values()) request.reject(err);
    pending.clear();
  };
  w.on('error', failAll);
  w.on('exit', (code) => failAll(new Error(`the Real-ESRGAN worker stopped (exit code ${code})`)));
  worker = w;
  return w;
}

async function call(model: EsrganModel, message: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<Uint8Array | null> {
  const path = await modelPath(model);
  const w = inferenceWorker();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.ref();
    w.postMessage(
      {
        ...message,
        id,
        modelPath: path,
        // The worker (plain JavaScript) creates its session with the options every model uses (ortSession.ts).
        sessionOptions: ortSessionOptions(),
      },
      transfer,
    );
  });
}

/** Serialises work on the inference thread: two jobs interleave tile by tile, not core by core. */
function enqueue<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work);
  queue = run.catch(() => undefined);
  return run;
}

/** One tile for the inference thread; see runEsrganTile. */
export interface TileJob {
  /** Interleaved RGB, `width`×`height`, in a buffer of its own: it is handed over to the thread. */
  rgb: Uint8Array;
  width: number;
  height: number;
  /** Result size ÷ input size: 4 keeps the model output, 2 and 1 lanczos-downscale it. */
  outScale: 1 | 2 | 4;
  /** Share of the model output (0..1); the rest is a lanczos resize of the tile (for 1: the tile). */
  blend: number;
  /** The region to return, in input pixels of this tile (the rest was only context). */
  keep: { x: number; y: number; w: number; h: number };
}

/**
 * Runs the model on one tile on the inference thread (the event loop stays free), resizes and
 * blends the result there and returns the `keep` region: interleaved RGB of
 * keep.w·outScale × keep.h·outScale.
 */
export function runEsrganTile(model: EsrganModel, job: TileJob): Promise<Buffer> {
  return enqueue(async () => {
    const out = await call(model, { type: 'tile', ...job }, [job.rgb.buffer as ArrayBuffer]);
    const expected = job.keep.w * job.keep.h * job.outScale * job.outScale * 3;
    if (!out || out.length !== expected) throw new Error('Real-ESRGAN returned a tile of the wrong size');
    return Buffer.from(out.buffer, out.byteOffset, out.length);
  });
}
