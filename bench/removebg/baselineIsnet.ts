/** IS-Net as main loaded it before issue 15 (f87f5ea): its own session, 1024² only, graph level 'all', memory pattern on. For the before/after benches. */
import { existsSync } from 'node:fs';
import type { InferenceSession as OrtSession } from 'onnxruntime-node';

/** The IS-Net model's fixed input side: resize constants are baked into the graph. */
export const ISNET_SIZE = 1024;

let sessionPromise: Promise<OrtSession> | null = null;
let queue: Promise<unknown> = Promise.resolve();

async function resolveModelPath(): Promise<string> {
  // @ts-expect-error plain ESM script without type declarations
  const { prepareIsnet, ISNET_PATH } = (await import('../../scripts/prepare-models.mjs')) as {
    prepareIsnet(o: { quiet: boolean }): string;
    ISNET_PATH: string;
  };
  // Normally joined at `npm install`; joining here covers installs that skipped scripts.
  return existsSync(ISNET_PATH) ? ISNET_PATH : prepareIsnet({ quiet: true });
}

/**
 * The IS-Net session, loaded once per process. CUDA is used when the installed
 * onnxruntime-node offers it (USE_CUDA=1), the CPU otherwise. The CPU memory arena is off:
 * same speed, a quarter of the memory (models-segmentation.md).
 */
export function loadIsnet(): Promise<OrtSession> {
  sessionPromise ??= (async () => {
    const ort = await import('onnxruntime-node');
    const modelPath = await resolveModelPath();
    const providers = process.env.USE_CUDA === '1' ? ['cuda', 'cpu'] : ['cpu'];
    return ort.InferenceSession.create(modelPath, {
      executionProviders: providers,
      intraOpNumThreads: Number(process.env.ORT_THREADS) || 2,
      interOpNumThreads: 1,
      enableCpuMemArena: false,
      graphOptimizationLevel: 'all',
    });
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
