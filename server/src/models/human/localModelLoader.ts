/**
 * Lets TF.js load graph models from `file://` URLs. Node 20's `fetch` cannot read `file://`
 * ("not implemented"), and @vladmandic/human loads its models through tfjs-core's IO routers
 * before falling back to `fetch`. Registering a load router on the same tfjs-core instance that
 * Human requires keeps `globalThis.fetch` untouched for the rest of the server.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

interface WeightsManifestGroup {
  paths: string[];
  weights: unknown[];
}
interface ModelJson {
  modelTopology: unknown;
  weightsManifest: WeightsManifestGroup[];
  format?: string;
  generatedBy?: string;
  convertedBy?: string | null;
  signature?: unknown;
  userDefinedMetadata?: Record<string, unknown>;
}

/** Reads a TF.js graph model (model.json + its weight shards, concatenated in manifest order). */
export async function readGraphModel(jsonPath: string): Promise<Record<string, unknown>> {
  const json = JSON.parse(await readFile(jsonPath, 'utf8')) as ModelJson;
  const dir = path.dirname(jsonPath);
  const shards: Buffer[] = [];
  const weightSpecs: unknown[] = [];
  for (const group of json.weightsManifest) {
    for (const shard of group.paths) shards.push(await readFile(path.join(dir, shard)));
    weightSpecs.push(...group.weights);
  }
  const all = Buffer.concat(shards);
  return {
    modelTopology: json.modelTopology,
    weightSpecs,
    // An ArrayBuffer of exactly the weights (a Buffer may sit inside a larger pooled one).
    weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength),
    format: json.format,
    generatedBy: json.generatedBy,
    convertedBy: json.convertedBy,
    signature: json.signature,
    userDefinedMetadata: json.userDefinedMetadata,
  };
}

let registered = false;

/** Registers the `file://` load router once per thread (idempotent). */
export function registerFileModelLoader(): void {
  if (registered) return;
  const tf = require('@tensorflow/tfjs-core') as {
    io: { registerLoadRouter(router: (url: string | string[]) => { load(): Promise<unknown> } | null): void };
  };
  tf.io.registerLoadRouter((url) => {
    if (typeof url !== 'string' || !url.startsWith('file://')) return null;
    return { load: () => readGraphModel(fileURLToPath(url)) };
  });
  registered = true;
}
