/**
 * Vite plugin: after the build, writes `.br` and `.gz` next to every text asset of dist/, which
 * the server's static files plugin sends to browsers that accept them (preCompressed), so the
 * JavaScript a page downloads is its compressed size without compressing on every request.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT_FILE = /\.(js|css|html|svg|json|txt|md)$/;
/** Smaller files gain nothing worth a second file. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'lumacut-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of files(outDir)) {
        if (!TEXT_FILE.test(file) || statSync(file).size < MIN_BYTES) continue;
        const body = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}
