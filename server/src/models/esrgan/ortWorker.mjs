// Worker thread that runs the Real-ESRGAN ONNX models and finishes each tile. onnxruntime-node's
// session.run() is synchronous on the calling thread (it only defers the start with
// setImmediate), so a 256 px tile would block the server's event loop for seconds; here it
// blocks only this thread. The per-pixel loops around it (layout changes, blending) run here
// too, so the event loop only copies finished rows. Plain JavaScript so it loads the same way
// under node, tsx and vitest.
//
// Message in:  { id, type: 'tile', modelPath, sessionOptions (server/src/models/ortSession.ts),
//                rgb: Uint8Array (interleaved RGB, width×height), width, height,
//                outScale: 1|2|4, blend: 0..1, keep: { x, y, w, h } (input px of the region to return) }
// Message out: { id, rgb: Uint8Array (interleaved RGB, keep.w·outScale × keep.h·outScale) } or { id, error }
import { parentPort } from 'node:worker_threads';
import ort from 'onnxruntime-node';
import sharp from 'sharp';

const MODEL_SCALE = 4;
const sessions = new Map();

function sessionFor(modelPath, sessionOptions) {
  let session = sessions.get(modelPath);
  if (!session) {
    // The options of every model (ortSession.ts: USE_CUDA, ORT_THREADS, no CPU arena: with tiles of varying
    // size the arena only grows; without it memory goes back after each tile). A worker thread cannot load
    // TypeScript, so they arrive with each message.
    session = ort.InferenceSession.create(modelPath, {
      ...sessionOptions,
      // Idle pool threads sleep instead of spinning: on a 2-core box shared with the event loop,
      // libvips and other jobs, spinning cost ~25 % more CPU and up to 2× the wall time (measured).
      extra: { session: { intra_op: { allow_spinning: '0' } } },
    });
    sessions.set(modelPath, session);
    session.catch(() => sessions.delete(modelPath));
  }
  return session;
}

/** Interleaved bytes → planar floats in [0, 1], the model's input layout. */
function toPlanar(rgb, pixels) {
  const chw = new Float32Array(3 * pixels);
  for (let p = 0, i = 0; p < pixels; p++, i += 3) {
    chw[p] = rgb[i] / 255;
    chw[pixels + p] = rgb[i + 1] / 255;
    chw[2 * pixels + p] = rgb[i + 2] / 255;
  }
  return chw;
}

/** Planar floats → interleaved bytes, rounded and clipped to [0, 255]. */
function toInterleaved(chw, pixels) {
  const out = Buffer.allocUnsafe(3 * pixels);
  for (let c = 0; c < 3; c++) {
    const plane = c * pixels;
    for (let p = 0; p < pixels; p++) {
      const v = chw[plane + p] * 255 + 0.5;
      out[p * 3 + c] = v <= 0 ? 0 : v >= 255 ? 255 : v; // typed-array stores truncate: +0.5 rounds
    }
  }
  return out;
}

/** Lanczos3 resize of interleaved RGB. */
function resize(rgb, width, height, toWidth, toHeight) {
  return sharp(rgb, { raw: { width, height, channels: 3 } })
    .resize(toWidth, toHeight, { kernel: 'lanczos3', fit: 'fill' })
    .raw()
    .toBuffer();
}

async function runTile(session, msg) {
  const { width, height, outScale: s, keep } = msg;
  const blend = Math.min(1, Math.max(0, msg.blend));
  const input = new ort.Tensor('float32', toPlanar(msg.rgb, width * height), [1, 3, height, width]);
  const out = await session.run({ [session.inputNames[0]]: input });
  let model = toInterleaved(out[session.outputNames[0]].data, width * MODEL_SCALE * height * MODEL_SCALE);
  // 2× and same size: downscale the whole padded tile, so the lanczos kernel sees real context.
  if (s !== MODEL_SCALE) model = await resize(model, width * MODEL_SCALE, height * MODEL_SCALE, width * s, height * s);
  const base = blend >= 1 ? null : s === 1 ? msg.rgb : await resize(Buffer.from(msg.rgb.buffer, msg.rgb.byteOffset, msg.rgb.length), width, height, width * s, height * s);

  const rowIn = width * s * 3;
  const rowOut = keep.w * s * 3;
  const result = new Uint8Array(rowOut * keep.h * s);
  for (let row = 0; row < keep.h * s; row++) {
    const from = (keep.y * s + row) * rowIn + keep.x * s * 3;
    const to = row * rowOut;
    if (!base) {
      result.set(model.subarray(from, from + rowOut), to);
      continue;
    }
    for (let k = 0; k < rowOut; k++) result[to + k] = blend * model[from + k] + (1 - blend) * base[from + k] + 0.5;
  }
  return result;
}

async function handle(msg) {
  if (msg.type !== 'tile') throw new Error(`unknown message type ${msg.type}`);
  return runTile(await sessionFor(msg.modelPath, msg.sessionOptions), msg);
}

parentPort.on('message', (msg) => {
  handle(msg).then(
    (rgb) => parentPort.postMessage({ id: msg.id, rgb }, [rgb.buffer]),
    (err) => parentPort.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
