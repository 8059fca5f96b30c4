import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { UPLOAD_MAX_PIXELS } from '../../../../engine/spec/limits';
import type { NsfwProbabilities } from './pictureDecision';

/** InceptionV3's input side in nsfwjs. */
export const NSFW_MODEL_SIZE = 299;
/** Path of the worker script that holds the model (plain JavaScript; see its header). */
export const NSFW_WORKER_URL = new URL('./nsfwWorker.mjs', import.meta.url);
/**
 * One call may take this long once it reached the worker: the first call includes the model load
 * (~2 s alone, much more on a busy 2-core machine); a call is ~0.5 s. Past it the worker is
 * considered stuck, ended, and started afresh on the next call.
 */
export const NSFW_CALL_TIMEOUT_MS = 120_000;

/** The picture could not be decoded as an image: a client error, not a server failure. */
export class UndecodablePictureError extends Error {}

type WorkerReply = { id: number; probabilities: NsfwProbabilities } | { id: number; error: string };

/**
 * Decodes any image sharp reads into the model's input: upright, sRGB, transparency flattened on
 * white (what a viewer sees), stretched to 299×299 like nsfwjs's own resize, 8-bit RGB.
 */
export async function toModelInput(image: Buffer, size = NSFW_MODEL_SIZE): Promise<Uint8Array> {
  try {
    // failOn 'none': a slightly damaged file that still shows a picture must still be reviewed.
    const data = await sharp(image, { failOn: 'none', limitInputPixels: UPLOAD_MAX_PIXELS })
      .rotate()
      .toColourspace('srgb')
      .flatten({ background: '#ffffff' })
      .resize(size, size, { fit: 'fill' })
      .removeAlpha()
      .raw()
      .toBuffer();
    return new Uint8Array(data.buffer, data.byteOffset, data.length);
  } catch (err) {
    throw new UndecodablePictureError(`not a readable image: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/**
 * nsfwjs on a worker thread. The worker starts on the first call and keeps the model loaded
 * (~0.5 GB resident); calls run one at a time in arrival order, since one inference already
 * fills a core and parallel ones would only share it. The worker does not keep the process
 * alive while idle.
 */
export class NsfwClassifier {
  private worker: Worker | null = null;
  private nextId = 1;
  private queue: Promise<unknown> = Promise.resolve();
  private pending: { id: number; worker: Worker; resolve(p: NsfwProbabilities): void; reject(e: Error): void } | null = null;

  constructor(private readonly options: { workerUrl?: URL; timeoutMs?: number } = {}) {}

  /** Five class probabilities for an encoded image (JPEG, PNG, WebP…). */
  async classify(image: Buffer): Promise<NsfwProbabilities> {
    // Decoding runs on sharp's thread pool, outside the queue, so it overlaps the previous inference.
    const pixels = await toModelInput(image);
    return this.classifyPixels(pixels);
  }

  /** Five class probabilities for 299×299 RGB pixels. */
  classifyPixels(pixels: Uint8Array): Promise<NsfwProbabilities> {
    const run = this.queue.then(() => this.send(pixels));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Ends the worker (tests, shutdown). A later call starts a new one. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private send(pixels: Uint8Array): Promise<NsfwProbabilities> {
    const worker = this.startWorker();
    const id = this.nextId++;
    return new Promise<NsfwProbabilities>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.failPending(worker, new Error(`NSFW classifier gave no answer within ${this.options.timeoutMs ?? NSFW_CALL_TIMEOUT_MS} ms`));
        void this.close();
      }, this.options.timeoutMs ?? NSFW_CALL_TIMEOUT_MS);
      const settle =
        <T>(fn: (v: T) => void) =>
        (v: T) => {
          clearTimeout(timer);
          this.pending = null;
          worker.unref(); // idle again: let the process exit if nothing else runs
          fn(v);
        };
      this.pending = { id, worker, resolve: settle(resolve), reject: settle(reject) };
      worker.ref();
      // Copy into a buffer of our own so the transfer cannot detach a caller's (or sharp's pooled) memory.
      const copy = pixels.slice();
      worker.postMessage({ id, pixels: copy, size: NSFW_MODEL_SIZE }, [copy.buffer]);
    });
  }

  private startWorker(): Worker {
    if (this.worker) return this.worker;
    // execArgv []: the worker needs no loader of the parent (tsx, vitest), only plain Node.
    const worker = new Worker(this.options.workerUrl ?? NSFW_WORKER_URL, { execArgv: [] });
    worker.unref();
    worker.on('message', (reply: WorkerReply) => {
      const pending = this.pending;
      if (!pending || pending.worker !== worker || pending.id !== reply.id) return;
      if ('error' in reply) pending.reject(new Error(`NSFW classifier failed: ${reply.error}`));
      else pending.resolve(reply.probabilities);
    });
    const lost = (err: Error) => {
      if (this.worker === worker) this.worker = null;
      this.failPending(worker, err);
    };
    worker.on('error', (err) => lost(err));
    worker.on('exit', (code) => lost(new Error(`NSFW classifier worker exited (code ${code})`)));
    this.worker = worker;
    return worker;
  }

  /** Fails the call in flight if it was sent to `worker` (an old worker's exit must not fail a new call). */
  private failPending(worker: Worker, err: Error): void {
    if (this.pending?.worker === worker) this.pending.reject(err);
  }
}
