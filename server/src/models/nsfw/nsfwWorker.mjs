// Worker thread of the NSFW classifier (nsfwjs 4.4.0, InceptionV3 299 px, tfjs wasm backend).
//
// Plain JavaScript on purpose: worker threads get neither vitest's transform nor a guaranteed
// `--import tsx`, so a .ts worker would only load under some launchers. The message protocol is
// typed on the main-thread side in nsfwClassifier.ts, which is the only sender.
//
// One inference takes ~0.5 s of pure CPU in wasm; running it here keeps the HTTP event loop free.
// Protocol: in  { id: number, pixels: Uint8Array (size*size*3 RGB), size: number }
//           out { id, probabilities: { Drawing, Hentai, Neutral, Porn, Sexy } } | { id, error: string }
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);
/** The model's input side; nsfwjs would otherwise resize itself. */
const MODEL_SIZE = 299;

/** @type {Promise<{ tf: any, model: any }> | null} */
let loading = null;

/** Loads tfjs on the wasm backend and the InceptionV3 model bundled in nsfwjs, once. */
function load() {
  loading ??= (async () => {
    // CommonJS entries for both, so tfjs, its wasm backend and nsfwjs share one tfjs-core instance.
    const tf = require('@tensorflow/tfjs');
    const wasm = require('@tensorflow/tfjs-backend-wasm');
    // The .wasm binaries ship inside the package: point the backend at them (no network).
    wasm.setWasmPaths(path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist') + path.sep);
    if (!(await tf.setBackend('wasm'))) throw new Error('the tfjs wasm backend failed to initialise');
    await tf.ready();
    const nsfwjs = await import('nsfwjs');
    // nsfwjs announces the chosen model with console.info on every load; keep the server log clean.
    const info = console.info;
    console.info = () => undefined;
    try {
      // The weights are JavaScript modules inside the nsfwjs package (dist/models/inception_v3).
      const model = await nsfwjs.load('InceptionV3', { size: MODEL_SIZE });
      return { tf, model };
    } finally {
      console.info = info;
    }
  })();
  loading.catch(() => {
    loading = null; // a later request retries the load
  });
  return loading;
}

/** Runs the model on one RGB picture and returns every class's probability. */
async function classify(pixels, size) {
  const { tf, model } = await load();
  if (pixels.length !== size * size * 3) throw new Error(`expected ${size}x${size} RGB pixels, got ${pixels.length} bytes`);
  const input = tf.tensor3d(pixels, [size, size, 3], 'int32');
  try {
    const predictions = await model.classify(input, 5);
    const probabilities = { Drawing: 0, Hentai: 0, Neutral: 0, Porn: 0, Sexy: 0 };
    for (const p of predictions) probabilities[p.className] = p.probability;
    return probabilities;
  } finally {
    input.dispose();
  }
}

parentPort?.on('message', async (message) => {
  const { id, pixels, size } = message;
  try {
    parentPort.postMessage({ id, probabilities: await classify(pixels, size ?? MODEL_SIZE) });
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
