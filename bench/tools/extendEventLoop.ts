/**
 * Event-loop delay during a large image extension, in one process, the two ways the extender can run:
 * - "event loop": the aiextend processor called directly (PROCESSORS, as before the heavy-work pool: the fill's
 *   per-pixel loops run between the event loop's turns);
 * - "heavy pool": the same processor through runProcessorOnThread (THREADED_PROCESSORS, what the server runs: the
 *   fill runs on a heavy-work thread, storage and cancel polls relayed to the event loop).
 * While each runs, a 10 ms timer measures how late the event loop answers (max and p99 of its lateness), which is
 * what an /api/health or status poll waits on top of its own work. The two modes alternate BENCH_ROUNDS times
 * (default 1) so load on the machine affects both alike. Prints the machine's load average beside the figures.
 *
 *   node --import tsx bench/tools/extendEventLoop.ts          (a 2 MP photo to 16:9 and to 9:16)
 */
import { readFile } from 'node:fs/promises';
import { closeHeavyPool, configureHeavyPool, runProcessorOnThread } from '../../server/src/heavy/heavyPool';
import { makeTestContext } from '../../server/src/models/inpaint/inpaint.testkit';
import { PROCESSORS, PROCESSORS_MODULE, type ProcessorOutput } from '../../server/src/processors';
import { benchPhotos } from '../erase/photoSets';
import { megapixelPhoto } from '../shared/photos';

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS) || 1);
const PIXELS = Number(process.env.BENCH_PIXELS) || 2_000_000;
const TICK_MS = 10;

/** Runs `work` while a TICK_MS timer records how late each tick fires; returns the lateness figures and the time. */
async function lateness(work: () => Promise<unknown>): Promise<{ maxMs: number; p99Ms: number; ticks: number; totalMs: number }> {
  const late: number[] = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    late.push(Math.max(0, now - last - TICK_MS));
    last = now;
  }, TICK_MS);
  const start = performance.now();
  await work();
  const totalMs = performance.now() - start;
  clearInterval(timer);
  const sorted = [...late].sort((a, b) => a - b);
  return { maxMs: sorted[sorted.length - 1] ?? 0, p99Ms: sorted[Math.floor(0.99 * (sorted.length - 1))] ?? 0, ticks: late.length, totalMs };
}

const load = async () => (await readFile('/proc/loadavg', 'utf8')).split(' ')[0];
const photo = benchPhotos('tuning').find((p) => p.name === 'chelsea')!;
const { buf, width, height } = await megapixelPhoto(photo.file, 'jpeg', PIXELS);
configureHeavyPool(1);
const ratios = ['16:9', '9:16'];

async function runOnce(mode: 'event loop' | 'heavy pool', ratio: string) {
  const t = await makeTestContext(buf, { ratio, position: { x: 0.5, y: 0.5 } });
  try {
    const work = mode === 'event loop' ? () => PROCESSORS.aiextend!(t.ctx) : () => runProcessorOnThread<ProcessorOutput>(PROCESSORS_MODULE, 'aiextend', t.ctx);
    const r = await lateness(work);
    console.log(
      `${mode}: chelsea ${width}×${height} → ${ratio}: ${Math.round(r.totalMs)} ms; event loop late by max ${r.maxMs.toFixed(0)} ms, ` +
        `p99 ${r.p99Ms.toFixed(0)} ms over ${r.ticks} ticks (load average ${await load()})`,
    );
    return r;
  } finally {
    await t.cleanup();
  }
}

// Warm-up on the thread (model and module loading), not counted.
await runOnce('heavy pool', '1:1');
const results: Record<string, Array<{ maxMs: number; p99Ms: number }>> = { 'event loop': [], 'heavy pool': [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const ratio of ratios) {
    for (const mode of ['event loop', 'heavy pool'] as const) results[mode].push(await runOnce(mode, ratio));
  }
}
for (const [mode, rows] of Object.entries(results)) {
  console.log(
    `${mode}: worst max lateness ${Math.max(...rows.map((r) => r.maxMs)).toFixed(0)} ms, mean p99 ${(rows.reduce((a, r) => a + r.p99Ms, 0) / rows.length).toFixed(0)} ms`,
  );
}
await closeHeavyPool();
