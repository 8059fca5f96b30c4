import type { InferenceSession as OrtSession } from 'onnxruntime-node';
import { ensureModelFile } from './modelFiles';
import { createOrtSession } from './ortSession';

/** The IS-Net model's fixed input side: resize constants are baked into the graph. */
export const ISNET_SIZE = 1024;

let sessionPromise: Promise<OrtSession> | null = null;
let queue: Promise<unknown> = Promise.resolve();

function resolveModelPath(): Promise<string> {
  // Normally joined at `npm install`; joining here covers installs that skipped scripts.
  return ensureModelFile('isnet-medium.onnx', 'prepare-models.mjs');
}

/**
 * The IS-Net session, loaded once per process. CUDA is used when the installed
 * onnxruntime-node offers it (USE_CUDA=1), the CPU otherwise. The CPU memory arena is off:
 * same speed, a quarter of the memory (models-segmentation.md).
 */
export function loadIsnet(): Promise<OrtSession> {
  sessionPromise ??= (async () => {
    const modelPath = await resolveModelPath();
    return createOrtSession(modelPath);
  })();
  sessionPromise.catch(() => {
    sessionPromise = null; // let a later call retry after a failed load
  });
  return sessionPromise;
}

/**
 * Runs IS-Net on a 1024×1024 RGB image (interleaved bytes) and returns the saliency mask,
 * 1024×1024 floats in [0, 1]. Calls are serialised: one inference at a time per process,
 * because a single run already saturates the cores.
 */
export function runIsnet(rgb1024: Buffer): Promise<Float32Array> {
  const run = queue.then(async () => {
    const ort = await import('onnxruntime-node');
    const session = await loadIsnet();
    const plane = ISNET_SIZE * ISNET_SIZE;
    const input = new Float32Array(3 * plane);
    // NCHW with the normalisation baked into the imgly export: (v - 128) / 256.
    for (let i = 0, p = 0; p < plane; p++, i += 3) {
      input[p] = (rgb1024[i] - 128) / 256;
      input[plane + p] = (rgb1024[i + 1] - 128) / 256;
      input[2 * plane + p] = (rgb1024[i + 2] - 128) / 256;
    }
    const feeds = { [session.inputNames[0]]: new ort.Tensor('float32', input, [1, 3, ISNET_SIZE, ISNET_SIZE]) };
    // Fetch only the final mask: the graph has 11 other side outputs we do not need.
    const out = await session.run(feeds, ['output']);
    return out.output.data as Float32Array;
  });
  queue = run.catch(() => undefined);
  return run;
}
