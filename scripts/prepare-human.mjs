#!/usr/bin/env node
// Copies the three face models the ID photo maker and head extraction use (BlazeFace, FaceMesh,
// Iris; TF.js graph models, 4.6 MB in all) from the npm package @vladmandic/human@3.3.6 into
// server/.models/human/. Only these six files are copied, not the package's other 30 MB of models.
// Runs at `npm install` (postinstall); the server reads the package's own copy when this one is
// missing, so an install that skipped scripts still works. Nothing is downloaded.
import { copyFileSync, existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MODEL_DIR = process.env.MODEL_DIR || path.join(root, 'server', '.models');
export const HUMAN_MODEL_DIR = path.join(MODEL_DIR, 'human');
/** The model files (graph JSON + one weights shard each). */
export const HUMAN_MODEL_FILES = ['blazeface.json', 'blazeface.bin', 'facemesh.json', 'facemesh.bin', 'iris.json', 'iris.bin'];

/** The package's own models folder. */
export function packageModelDir() {
  const require = createRequire(import.meta.url);
  // The package's exports map hides package.json; resolve its main entry and go up from dist/.
  const main = require.resolve('@vladmandic/human');
  return path.join(path.dirname(main), '..', 'models');
}

/** Copies the face models into HUMAN_MODEL_DIR (skips files already there with the right size). */
export function prepareHuman({ quiet = false } = {}) {
  const from = packageModelDir();
  mkdirSync(HUMAN_MODEL_DIR, { recursive: true });
  for (const name of HUMAN_MODEL_FILES) {
    const src = path.join(from, name);
    const dst = path.join(HUMAN_MODEL_DIR, name);
    if (existsSync(dst) && statSync(dst).size === statSync(src).size) continue;
    const tmp = `${dst}.${process.pid}.tmp`;
    copyFileSync(src, tmp);
    renameSync(tmp, dst);
  }
  if (!quiet) console.log(`prepare-human: ${HUMAN_MODEL_FILES.length} face model files in ${path.relative(root, HUMAN_MODEL_DIR)}`);
  return HUMAN_MODEL_DIR;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    prepareHuman();
  } catch (err) {
    // A failed copy must not break `npm install`: the server falls back to the package's files.
    console.warn(`prepare-human: ${err instanceof Error ? err.message : String(err)}`);
  }
}
