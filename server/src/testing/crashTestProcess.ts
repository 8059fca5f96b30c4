/**
 * A real server or worker process for the crash-recovery tests (crashRecovery.test.ts): the
 * same startServer/startWorker as `npm run server` / `npm run worker`, with one stand-in
 * model: a removebg that takes CRASH_TEST_JOB_MS (default 3 s) and writes a line to
 * DATA_DIR/completions.log each time it runs to the end, so a test can prove no job ran
 * twice to completion. Usage: node --import tsx crashTestProcess.ts server|worker
 */
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { loadProcessConfig } from '../config/processConfig';
import { exitOnSignals, startServer } from '../startServer';
import { startWorker } from '../startWorker';
import { readInput, type Processor } from '../tasks/processor';

const settings = loadProcessConfig();
const config = settings.server;
const jobMs = Number(process.env.CRASH_TEST_JOB_MS) || 3000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const slowInvert: Processor = async (ctx) => {
  const input = await readInput(ctx);
  for (let t = 0; t < jobMs; t += 100) {
    await sleep(100);
    ctx.onProgress(t / jobMs);
    await ctx.checkCancelled();
  }
  const body = await sharp(input).negate({ alpha: false }).png().toBuffer();
  await appendFile(path.join(config.dataDir, 'completions.log'), `${ctx.taskId} ${process.pid}\n`);
  return { body, contentType: 'image/png', extension: 'png' };
};

const processors = { removebg: slowInvert };
const started = process.argv[2] === 'worker' ? await startWorker(settings, { processors }) : await startServer(settings, { processors });
exitOnSignals(started.stop);
process.stdout.write(`CRASH-TEST-READY ${process.pid}\n`);
