/**
 * Photo tools benchmark: runs each tool's bench script one after the other (never in parallel:
 * each uses every core) on 1 MP real photos, and prints their lines and a summary.
 *
 *   npm run bench:tools                 (all)
 *   npm run bench:tools -- enhance erase (some: enhance, changebg, bgblur, extend, watermark, erase)
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const SCRIPTS: Record<string, string> = {
  changebg: 'bench/tools/changebg.ts',
  bgblur: 'bench/tools/bgblur.ts',
  extend: 'bench/tools/extend.ts',
  watermark: 'bench/tools/watermark.ts',
  erase: 'bench/erase/run.ts',
  enhance: 'bench/tools/enhance.ts',
};

const wanted = process.argv.slice(2).filter((name) => name in SCRIPTS);
const names = wanted.length ? wanted : Object.keys(SCRIPTS);
const summary: Record<string, unknown> = {};
for (const name of names) {
  const script = path.resolve(SCRIPTS[name]);
  if (!existsSync(script)) {
    console.log(`${name}: ${SCRIPTS[name]} is missing, skipped`);
    continue;
  }
  console.log(`\n== ${name} (${SCRIPTS[name]})`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const out = run.stdout ?? '';
  process.stdout.write(out);
  const json = out
    .split('\n')
    .reverse()
    .find((line) => line.startsWith('BENCH_JSON '));
  summary[name] = run.status === 0 && json ? JSON.parse(json.slice('BENCH_JSON '.length)) : { failed: run.status };
}
console.log(`\nBENCH_JSON ${JSON.stringify(summary)}`);
