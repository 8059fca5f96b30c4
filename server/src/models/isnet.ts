import type { InferenceSession as OrtSession } from 'onnxruntime-node';
import { processConfig } from '../config/processConfig';
import { idleRelease, type IdleRelease } from './idleRelease';
import { ensureModelFile } from './modelFiles';
import { createOrtSession } from './ortSession';

/** The IS-Net model's training size; the 1024² input of `runIsnet`. */
export const ISNET_SIZE = 1024;

interface LoadedIsnet {
  session: OrtSession;
  /** True for the rewritten any-size model (scripts/prepare-isnet-dynamic.mjs), false for the original 1024² one. */
  anySize: boolean;
}

let loaded: Promise<LoadedIsnet> | null = null;
let queue: Promise<unknown> = Promise.resolve();
/**
 * After MODEL_IDLE_RELEASE_S without a run the session is released (its weights are ~0.16 GB of RSS); the release
 * goes through the run queue, so it never lands in the middle of an inference, and the next run loads it again.
 */
let idleCountdown: IdleRelease | null = null;
const idle = (): IdleRelease =>
  (idleCountdown ??= idleRelease(processConfig().models.idleReleaseMs, () => {
    queue = queue.then(releaseIsnet, releaseIsnet);
  }));

async function resolveModelPath(): Promise<{ path: string; anySize: boolean }> {
  // Normally both are built at `npm install`; building here (as separate programs, so the running server
  // imports no installer code and the 88 MB re-encoding does not raise this process's peak memory)
  // covers installs that skipped scripts.
  const joined = await ensureModelFile('isnet-medium.onnx', 'prepare-models.mjs');
  if (processConfig().models.isnetFixedSize) return { path: joined, anySize: false };
  try {
    return { path: await ensureModelFile('isnet-medium-dynamic.onnx', 'prepare-isnet-dynamic.mjs', ['--strict']), anySize: true };
  } catch {
    return { path: joined, anySize: false }; // the 1024² model still works, only slower on small photos
  }
}

function load(): Promise<LoadedIsnet> {
  loaded ??= (async () => {
    const model = await resolveModelPath();
    const session = await createOrtSession(model.path, undefined, {
      // No memory pattern: it plans one block per input shape, and our shapes follow the photo.
      enableMemPattern: false,
      graphOptimizationLevel: processConfig().models.isnetOptLevel ?? ISNET_DEFAULT_OPT_LEVEL,
      // Idle threads sleep instead of spinning between the graph's steps: the same wall time on an idle machine and
      // ~7 % less CPU per pass (bench/README.md, "Where the time went"), CPU the web thread and other jobs can use.
      extra: { session: { intra_op: { allow_spinning: '0' } } },
    });
    return { session, anySize: model.anySize };
  })();
  loaded.catch(() => {
    loaded = null; // let a later call retry after a failed load
  });
  idle().touch(); // a warm-up that loads without running counts as a use
  return loaded;
}

/** Releases the session now (the idle countdown ran out); the next call loads it again. */
export async function releaseIsnet(): Promise<void> {
  const current = loaded;
  loaded = null;
  idle().cancel();
  const model = await current?.catch(() => null);
  await model?.session.release();
}

/** Whether a session is loaded (or loading) in this thread now (benches and tests). */
export const isnetLoaded = (): boolean => loaded !== null;

/**
 * 'extended' keeps the weights as the file has them (fp16, cast per run) instead of adding the
 * NCHWc-reordered fp32 copies of 'all': ~0.3 GB less resident memory (bench:removebg-memory).
 */
const ISNET_DEFAULT_OPT_LEVEL: 'all' | 'extended' = 'extended';

/**
 * The IS-Net session, loaded once per process. CUDA is used when the installed
 * onnxruntime-node offers it (USE_CUDA=1), the CPU otherwise.
 */
export async function loadIsnet(): Promise<OrtSession> {
  return (await load()).session;
}

/** Whether the loaded model takes any input size (`runIsnetAt`); false means 1024² only. */
export async function isnetTakesAnySize(): Promise<boolean> {
  return (await load()).anySize;
}

/**
 * Runs IS-Net on a `width`×`height` RGB image (interleaved bytes) and returns its saliency
 * mask, width×height floats in [0, 1]. Sizes other than 1024² need the any-size model
 * (`isnetTakesAnySize`). Calls are serialised: one inference at a time per process, because a
 * single run already saturates the cores.
 */
export function runIsnetAt(rgb: Buffer, width: number, height: number): Promise<Float32Array> {
  const run = queue.then(async () => {
    const ort = await import('onnxruntime-node');
    const { session, anySize } = await load();
    idle().cancel(); // no countdown while running; restarted when the run ends
    if (!anySize && (width !== ISNET_SIZE || height !== ISNET_SIZE)) throw new Error(`this IS-Net model takes only ${ISNET_SIZE}² input`);
    if (rgb.length < width * height * 3) throw new Error('IS-Net input is smaller than its size');
    const plane = width * height;
    const input = new Float32Array(3 * plane);
    // NCHW with the normalisation baked into the imgly export: (v - 128) / 256.
    for (let i = 0, p = 0; p < plane; p++, i += 3) {
      input[p] = (rgb[i] - 128) / 256;
      input[plane + p] = (rgb[i + 1] - 128) / 256;
      input[2 * plane + p] = (rgb[i + 2] - 128) / 256;
    }
    const tensor = new ort.Tensor('float32', input, [1, 3, height, width]);
    // Fetch only the final mask (the original graph has 11 side outputs we do not need).
    const out = await session.run({ [session.inputNames[0]]: tensor }, ['output']);
    const mask = out.output.data as Float32Array;
    tensor.dispose?.();
    idle().touch();
    return mask;
  });
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Runs IS-Net on a 1024×1024 RGB image (interleaved bytes) and returns the saliency mask,
 * 1024×1024 floats in [0, 1]. Calls are serialised (see `runIsnetAt`).
 */
export function runIsnet(rgb1024: Buffer): Promise<Float32Array> {
  return runIsnetAt(rgb1024, ISNET_SIZE, ISNET_SIZE);
}
