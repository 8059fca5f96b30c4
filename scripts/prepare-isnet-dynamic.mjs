#!/usr/bin/env node
// Makes a copy of the joined IS-Net model (scripts/prepare-models.mjs) that accepts any input
// size, so the cut-out pipeline can run a small photo at its own size instead of always at
// 1024² (issue 15: a 0.2 MP photo took as long as a 1.5 MP one).
//
// Why a copy is needed: the export baked every `_upsample_like(src, tar)` of IS-Net as a Resize
// whose target size is Concat(Shape(src)[0:2], Constant[h, w]) with h, w the sizes seen at
// 1024². Any other input size then fails in the next Concat. Here each constant becomes
// Shape(tar)[2:4], where tar is the tensor the upsampled map is concatenated with (decoder
// stages) or the model input (side outputs), which is what the PyTorch code means. The graph
// is also cut down to its one output we use ('output'); the five deep-supervision side
// outputs were computed and thrown away on every run. Weights are untouched (still fp16).
//
// Runs after prepare-models.mjs at `npm install`, and lazily (in a child process, to keep the
// server's memory low) when the file is missing. Nothing is downloaded.
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ISNET_PATH, MODEL_DIR, prepareIsnet } from './prepare-models.mjs';

export const ISNET_DYNAMIC_PATH = path.join(MODEL_DIR, 'isnet-medium-dynamic.onnx');
/** Bump when the rewrite changes, so installed copies are rebuilt. */
const REWRITE_VERSION = 1;
const STAMP_PATH = `${ISNET_DYNAMIC_PATH}.stamp.json`;

// The parts of a decoded ONNX model (onnx-proto's ModelProto) the rewrite touches. Decoding fills
// every repeated field with an array, so these are never missing.
/** @typedef {{ name: string, type: number, i: number }} OnnxAttribute */
/** @typedef {{ name: string, opType: string, input: string[], output: string[], attribute?: OnnxAttribute[] }} OnnxNode */
/** @typedef {{ dimParam?: string, dimValue?: number }} OnnxDim */
/** @typedef {{ name: string, type?: { tensorType?: { shape?: { dim: OnnxDim[] } } } }} OnnxValueInfo */
/**
 * @typedef {{ graph: { node: OnnxNode[], input: Array<OnnxValueInfo & { type: { tensorType: { shape: { dim: OnnxDim[] } } } }>,
 *   output: OnnxValueInfo[], initializer: Array<{ name: string }>, valueInfo: OnnxValueInfo[] } }} OnnxModel
 */

function isFresh() {
  if (!existsSync(ISNET_DYNAMIC_PATH) || !existsSync(STAMP_PATH) || !existsSync(ISNET_PATH)) return false;
  try {
    const stamp = JSON.parse(readFileSync(STAMP_PATH, 'utf8'));
    return stamp.version === REWRITE_VERSION && stamp.sourceSize === statSync(ISNET_PATH).size;
  } catch {
    return false;
  }
}

/**
 * Rewrites the decoded graph in place (see the file comment). Returns how many Resize nodes changed.
 * @param {OnnxModel} model
 */
export function makeDynamic(model) {
  const graph = model.graph;
  /** @type {Map<string, OnnxNode>} */
  const producer = new Map();
  /** @type {Map<string, OnnxNode[]>} */
  const consumers = new Map();
  for (const node of graph.node) {
    for (const out of node.output) producer.set(out, node);
    for (const input of node.input) {
      if (!consumers.has(input)) consumers.set(input, []);
      consumers.get(input)?.push(node);
    }
  }
  const inputName = graph.input[0].name;
  // Follows a tensor through Cast nodes (the fp16 export casts around every Resize).
  /** @type {(name: string) => Array<{ node: OnnxNode, via: string[] }>} */
  const followCasts = (name) => {
    /** @type {Array<{ node: OnnxNode, via: string[] }>} */
    const found = [];
    for (const node of consumers.get(name) ?? []) {
      if (node.opType === 'Cast') found.push(...followCasts(node.output[0]).map((f) => ({ ...f, via: [node.output[0], ...f.via] })));
      else found.push({ node, via: [] });
    }
    return found;
  };
  const passThroughCasts = (/** @type {string} */ name) => {
    let n = producer.get(name);
    while (n && n.opType === 'Cast') {
      name = n.input[0];
      n = producer.get(name);
    }
    return name;
  };
  /** @type {OnnxNode[]} */
  const added = [];
  let changed = 0;
  for (const resize of graph.node) {
    if (resize.opType !== 'Resize') continue;
    const sizes = producer.get(resize.input[3]);
    if (!sizes || sizes.opType !== 'Concat' || sizes.input.length !== 2) throw new Error(`${resize.name}: unexpected sizes input`);
    const constant = producer.get(sizes.input[1]);
    if (!constant || constant.opType !== 'Constant') throw new Error(`${resize.name}: sizes are not Concat(Slice, Constant)`);
    // The tensor whose spatial size the upsampled map must match.
    let target = inputName;
    const uses = followCasts(resize.output[0]);
    const concat = uses.find((u) => u.node.opType === 'Concat');
    if (concat) {
      const mine = new Set([resize.output[0], ...concat.via]);
      const others = concat.node.input.filter((i) => !mine.has(i));
      if (others.length !== 1) throw new Error(`${resize.name}: cannot tell the skip connection of ${concat.node.name}`);
      target = passThroughCasts(others[0]);
    }
    const shapeOut = `${resize.name}/dynamic_hw`;
    added.push({
      name: `${resize.name}/DynamicShape`,
      opType: 'Shape',
      input: [target],
      output: [shapeOut],
      attribute: [
        { name: 'start', type: 2, i: 2 },
        { name: 'end', type: 2, i: 4 },
      ],
    });
    sizes.input[1] = shapeOut;
    changed++;
  }
  graph.node.push(...added);
  // Keep only the final mask; drop every node it does not depend on.
  graph.output = graph.output.filter((o) => o.name === 'output');
  const needed = new Set(['output']);
  /** @type {Set<OnnxNode>} */
  const keep = new Set();
  let grew = true;
  while (grew) {
    grew = false;
    for (const node of graph.node) {
      if (keep.has(node) || !node.output.some((o) => needed.has(o))) continue;
      keep.add(node);
      for (const i of node.input) if (i && !needed.has(i)) needed.add(i);
      grew = true;
    }
  }
  // Topological order: ONNX requires producers before consumers; the appended Shapes read
  // tensors made earlier, so place each right before the Concat that reads it.
  const kept = graph.node.filter((n) => keep.has(n) && !added.includes(n));
  const shapeFor = new Map(added.map((s) => [s.output[0], s]));
  /** @type {OnnxNode[]} */
  const ordered = [];
  for (const node of kept) {
    for (const i of node.input) {
      const shape = shapeFor.get(i);
      if (shape) ordered.push(shape);
    }
    ordered.push(node);
  }
  graph.node = ordered;
  graph.initializer = graph.initializer.filter((t) => needed.has(t.name));
  const dims = graph.input[0].type.tensorType.shape.dim;
  dims[2] = { dimParam: 'height' };
  dims[3] = { dimParam: 'width' };
  const outDims = graph.output[0].type?.tensorType?.shape?.dim;
  if (outDims?.length === 4) {
    outDims[2] = { dimParam: 'height' };
    outDims[3] = { dimParam: 'width' };
  }
  graph.valueInfo = [];
  return changed;
}

/**
 * Returns the path of the any-size model, building it first when missing or stale.
 * @param {{ quiet?: boolean }} [options]
 */
export function prepareIsnetDynamic({ quiet = false } = {}) {
  if (isFresh()) return ISNET_DYNAMIC_PATH;
  const source = existsSync(ISNET_PATH) ? ISNET_PATH : prepareIsnet({ quiet });
  /** @type {typeof import('onnx-proto')} */
  const { onnx } = createRequire(import.meta.url)('onnx-proto');
  const model = onnx.ModelProto.decode(readFileSync(source));
  const changed = makeDynamic(/** @type {OnnxModel} */ (/** @type {unknown} */ (model)));
  const bytes = onnx.ModelProto.encode(model).finish();
  const tmp = `${ISNET_DYNAMIC_PATH}.${process.pid}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, ISNET_DYNAMIC_PATH);
  writeFileSync(STAMP_PATH, JSON.stringify({ version: REWRITE_VERSION, sourceSize: statSync(source).size }));
  if (!quiet) console.log(`prepare-isnet-dynamic: ${changed} Resize targets made dynamic, wrote ${path.basename(ISNET_DYNAMIC_PATH)}`);
  return ISNET_DYNAMIC_PATH;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    prepareIsnetDynamic();
  } catch (err) {
    // A failed rewrite must not break `npm install`; the server falls back to the 1024² model.
    console.warn(`prepare-isnet-dynamic: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = process.argv.includes('--strict') ? 1 : 0;
  }
}
