/**
 * What the server holds in memory, by component (issue 15, item 4: peak RSS of the server with the remover loaded
 * ≤ 0.8 GB). One fresh process builds the server the way startServer() does, a part at a time, and prints the
 * resident memory (VmRSS) after each part, so the step between two lines is what that part costs:
 *
 *   node + tsx → the server's modules → PGlite opened and migrated, queue started → the Fastify app
 *   (routes, word lists) → one heavy-work thread (its own tsx loader and module graph) → the model warm-up
 *   (startModelWarmUp: IS-Net session) → a first small cut-out → a 12 MP cut-out (peak).
 *
 * The heavy threads live in this process, so their models count in its RSS; the bench prints how many threads
 * the pool started (each would load its own IS-Net session). Lexicons (language detection) and the other
 * models (OCR, ESRGAN, picture review, inpainting) load on first use, not at start; the last lines load
 * the lexicons here to show what a first non-English prompt adds.
 *
 *   node --import tsx bench/removebg/serverMemory.ts
 *
 * The measuring process is a child started with --expose-gc and the allocator setting the server starts with
 * (server/src/config/allocator.ts); set LD_PRELOAD or MALLOC_MMAP_THRESHOLD_ here to replace it (e.g. a huge
 * threshold to compare with glibc's default).
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { withAllocatorEnv } from '../../server/src/config/allocator';

const rows: Array<{ step: string; rss: number; stepPeak: number }> = [];
let overallPeak = 0;

async function vm(field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile('/proc/self/status', 'utf8');
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) / 1024);
}

/**
 * Records the RSS after a step, once the heap has settled (two GCs when --expose-gc is on, and a short pause), and
 * the step's own peak: VmHWM is reset after each mark (clear_refs 5, Linux), so it is the highest RSS since the last.
 */
async function mark(step: string): Promise<void> {
  const stepPeak = await vm('VmHWM');
  overallPeak = Math.max(overallPeak, stepPeak);
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  await new Promise((r) => setTimeout(r, 300));
  gc?.();
  const rss = await vm('VmRSS');
  const prev = rows.length ? rows[rows.length - 1].rss : rss;
  rows.push({ step, rss, stepPeak });
  console.log(`  ${step.padEnd(58)} RSS ${String(rss).padStart(5)} MiB  (${rss - prev >= 0 ? '+' : ''}${rss - prev}), peak during the step ${stepPeak} MiB`);
  await writeFile('/proc/self/clear_refs', '5').catch(() => undefined);
}

async function main(): Promise<void> {
  if (process.argv[2] !== 'child') {
    const self = fileURLToPath(import.meta.url);
    execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', self, 'child'], { stdio: 'inherit', env: withAllocatorEnv(process.env) });
    return;
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lumacut-bench-memory-'));
  process.env.DATA_DIR = dataDir;
  process.env.DATABASE_URL = '';
  process.env.LOG_LEVEL = 'warn';
  // As bench:removebg-server: on a shared, loaded machine a niced heavy thread waits minutes for the CPU.
  process.env.HEAVY_NICE ??= '0';
  console.log(
    `Server memory by component (one process, built part by part); allocator LD_PRELOAD=${process.env.LD_PRELOAD ?? ''} MALLOC_MMAP_THRESHOLD_=${process.env.MALLOC_MMAP_THRESHOLD_ ?? ''}; load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  await mark('node + tsx');
  const { loadProcessConfig } = await import('../../server/src/config/processConfig');
  const { buildApp } = await import('../../server/src/app');
  const { createRuntime } = await import('../../server/src/runtime');
  const { startModelWarmUp } = await import('../../server/src/heavy/modelReadiness');
  const { heavyPoolStats, runOnThread } = await import('../../server/src/heavy/heavyPool');
  await mark("the server's modules imported");
  const settings = loadProcessConfig();
  const runtime = await createRuntime({ config: settings.server, settings });
  await runtime.startWorkers(settings.server.workers);
  await mark('PGlite opened + migrated, queue and workers started');
  const app = await buildApp({ config: settings.server, settings, ...runtime, tools: [] });
  await app.ready();
  await mark('Fastify app built (every route, word lists)');
  await runOnThread(new URL('../../server/src/heavy/threadProbe.ts', import.meta.url), 'spin', [1]);
  await mark('one heavy-work thread started (tsx + module graph)');
  const warmUpStart = performance.now();
  const readiness = startModelWarmUp();
  while (readiness().state === 'loading') await new Promise((r) => setTimeout(r, 100));
  if (readiness().state !== 'ready') throw new Error(`warm-up failed: ${readiness().error}`);
  await mark(`model warm-up (${readiness().models.join(', ') || 'nothing'}, ${Math.round(performance.now() - warmUpStart)} ms)`);
  const ready = rows[rows.length - 1].rss;

  const cutout = (buf: Buffer) => runOnThread(new URL('../../server/src/models/removeBackground.ts', import.meta.url), 'removeBackground', [buf]);
  const kite = await readFile(path.resolve('tests/assets/photos/kite.jpg'));
  let t = performance.now();
  await cutout(kite);
  const firstMs = performance.now() - t;
  await mark(`first cut-out, kite 0.17 MP (${Math.round(firstMs)} ms)`);
  const big = await sharp(await readFile(path.resolve('tests/assets/photos/coffee.jpg')))
    .resize(4000, 3000)
    .jpeg({ quality: 90 })
    .toBuffer();
  t = performance.now();
  await cutout(big);
  await mark(`12 MP cut-out (${Math.round(performance.now() - t)} ms)`);
  const peak = overallPeak;
  const pool = heavyPoolStats();

  const isnetModule = new URL('../../server/src/models/isnet.ts', import.meta.url);
  await runOnThread(isnetModule, 'releaseIsnet', []);
  await mark('IS-Net session released (MODEL_IDLE_RELEASE_S ran out)');
  t = performance.now();
  await cutout(kite);
  const afterIdleMs = performance.now() - t;
  await mark(`kite cut-out after the release, loading the model again (${Math.round(afterIdleMs)} ms)`);

  const { loadForeignLexicons } = await import('../../server/src/language/foreignLexicons');
  await loadForeignLexicons();
  await mark('foreign lexicons (first non-English prompt)');

  console.log(`\n  heavy-work threads started: ${pool.threads} of ${pool.size} (each loads its own models)`);
  console.log(
    `  ready (after warm-up) ${ready} MiB; peak from start to the end of the cut-outs ${peak} MiB (target ≤ 800); first cut-out ${Math.round(firstMs)} ms, after an idle release ${Math.round(afterIdleMs)} ms`,
  );
  console.log(`BENCH_JSON ${JSON.stringify({ rows, ready, peak, firstMs: Math.round(firstMs), threads: pool.threads })}`);
  await app.close();
  await runtime.close(0);
  await rm(dataDir, { recursive: true, force: true });
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error('serverMemory failed:', err);
    process.exit(1);
  },
);
