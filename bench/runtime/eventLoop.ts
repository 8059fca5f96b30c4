/**
 * Event-loop bench (issue 16, finding 4): starts the real server (`server/src/main.ts`, real
 * models, embedded database in a temporary folder), queues 50 cut-outs of a 1 MP photo plus a
 * cut-out and a subject detection of a 7000×7000 photo, and meanwhile polls `/api/health` and
 * the status of every task every 20 ms. Prints p50/p99/max latency of both (target p99 < 50 ms)
 * and the server's peak RSS.
 *
 *   npm run bench:event-loop                       (50 cut-outs, WORKERS=1)
 *   npm run bench:event-loop -- --cutouts 10       (fewer)
 *   WORKERS=2 npm run bench:event-loop
 *   BENCH_DATABASE_URL=postgres://… npm run bench:event-loop   (PostgreSQL instead of PGlite)
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { PHOTOS_DIR, megapixelPhoto } from '../shared/photos';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const CUTOUTS = arg('cutouts', 50);
const POLL_MS = 20;
const PORT = Number(process.env.BENCH_PORT) || 8105;
const BASE = `http://127.0.0.1:${PORT}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
}
const summary = (v: number[]) => ({
  samples: v.length,
  p50: +percentile(v, 50).toFixed(1),
  p99: +percentile(v, 99).toFixed(1),
  max: +Math.max(...v).toFixed(1),
});

async function upload(buf: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.append('data', JSON.stringify({ func: 'removebg', fileType: 'image', subDir: 'web' }));
  form.append('file', new Blob([new Uint8Array(buf)], { type: 'image/jpeg' }), name);
  const res = (await (await fetch(`${BASE}/api/upload`, { method: 'POST', body: form })).json()) as {
    resultCode: number;
    msg: string;
    data: { fileUrl: string };
  };
  if (res.resultCode !== 100) throw new Error(`upload of ${name} failed: ${res.msg}`);
  return res.data.fileUrl;
}

async function post(url: string, body: unknown): Promise<{ resultCode: number; msg: string; data: any }> {
  const res = await fetch(`${BASE}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as { resultCode: number; msg: string; data: any };
}

/** Submits a task; a refusal (credits, limits) stops the bench with the server's message. */
async function submit(imgUrl: string): Promise<string> {
  const res = await post('/api/task/removebg', { imgUrl });
  if (res.resultCode !== 100) throw new Error(`submit refused: ${res.resultCode} ${res.msg}`);
  return res.data.taskId as string;
}

async function peakRssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return Math.round(kb / 1024);
}

/** CPU seconds the server's main thread (the event loop) has used: utime + stime of /proc/PID/task/PID/stat. */
async function mainThreadCpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/task/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // fields 14 and 15 of stat, in clock ticks (100 Hz)
}

/** The machine's 1-minute load average, to read the latencies against (other processes compete for the cores). */
async function loadAverage(): Promise<number> {
  return Number((await readFile('/proc/loadavg', 'utf8').catch(() => 'NaN')).split(' ')[0]);
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lumacut-bench-loop-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    // BENCH_DATABASE_URL: run on PostgreSQL instead of the embedded PGlite (whose queries run on the event loop).
    // Credits and rate limits are not what this bench measures: it polls every 20 ms, 50 times a real page's rate.
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      LOG_LEVEL: 'warn',
      FREE_DAILY_CREDITS: '100000',
      RATE_LIMIT_API: '0',
      RATE_LIMIT_API_DEVICE: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    // Ready means the database, the queue and the cut-out model are loaded.
    const startedAt = Date.now();
    for (;;) {
      const res = await fetch(`${BASE}/api/ready`).catch(() => null);
      if (res?.status === 200) break;
      if (Date.now() - startedAt > 180_000) throw new Error('the server was not ready within 3 minutes');
      await sleep(250);
    }
    const photo = (await megapixelPhoto(path.join(PHOTOS_DIR, 'astronaut.jpg'))).buf;
    const huge = await sharp(path.join(PHOTOS_DIR, 'astronaut.jpg')).resize(7000, 7000).jpeg({ quality: 60 }).toBuffer();
    const photoUrl = await upload(photo, 'photo.jpg');
    const hugeUrl = await upload(huge, 'huge.jpg');
    console.log(
      `server ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s; 1 MP photo and 7000×7000 photo (${(huge.length / 1024).toFixed(0)} KB) uploaded`,
    );

    const ids: string[] = [];
    const health: number[] = [];
    const status: number[] = [];
    let polling = true;
    const pollHealth = (async () => {
      while (polling) {
        const t = performance.now();
        await fetch(`${BASE}/api/health`).then((r) => r.arrayBuffer());
        health.push(performance.now() - t);
        await sleep(POLL_MS);
      }
    })();
    let finished = 0;
    let failed = 0;
    const pollStatus = (async () => {
      while (polling) {
        if (ids.length) {
          const t = performance.now();
          const res = await post('/api/task/removebg/status', { taskId: ids.join(',') });
          status.push(performance.now() - t);
          if (!res.data) throw new Error(`status poll refused: ${res.resultCode} ${res.msg}`);
          const entries = Object.values(res.data.result) as Array<{ resultCode: number }>;
          finished = entries.filter((e) => e.resultCode !== -112).length;
          failed = entries.filter((e) => e.resultCode !== -112 && e.resultCode !== 100).length;
        }
        await sleep(POLL_MS);
      }
    })();

    const t0 = Date.now();
    const cpu0 = await mainThreadCpuSeconds(server.pid!);
    const loads: number[] = [];
    const loadTimer = setInterval(() => void loadAverage().then((l) => loads.push(l)), 5000);
    ids.push(await submit(hugeUrl));
    const detect = post('/api/detect/subject', { imgUrl: hugeUrl }).then((r) => ({ ms: Date.now() - t0, code: r.resultCode }));
    for (let i = 0; i < CUTOUTS; i++) ids.push(await submit(photoUrl));
    while (finished < ids.length) {
      if (Date.now() - t0 > 30 * 60_000) throw new Error('tasks did not finish within 30 minutes');
      await sleep(200);
    }
    const detected = await detect;
    polling = false;
    await Promise.all([pollHealth, pollStatus]);
    const seconds = (Date.now() - t0) / 1000;
    clearInterval(loadTimer);
    const mainThreadBusy = (await mainThreadCpuSeconds(server.pid!)) - cpu0;
    // The server's own view: how late its event loop ran (separates a blocked loop from a busy machine).
    const ready = (await (await fetch(`${BASE}/api/ready`)).json()) as { data: { eventLoopDelayMs: { p50: number; p99: number; max: number } } };
    const result = {
      database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
      cutouts: CUTOUTS,
      workers: Number(process.env.WORKERS) || 1,
      tasks: ids.length,
      failed,
      seconds: +seconds.toFixed(1),
      subjectDetect7000: detected,
      health: summary(health),
      status: summary(status),
      serverEventLoopDelayMs: ready.data.eventLoopDelayMs,
      serverPeakRssMb: await peakRssMb(server.pid!),
      mainThreadCpuShare: +(mainThreadBusy / seconds).toFixed(3),
      loadAverage: { cores: os.cpus().length, mean: +(loads.reduce((a, b) => a + b, 0) / Math.max(1, loads.length)).toFixed(1), max: Math.max(...loads) },
    };
    console.log(
      `${ids.length} tasks (1 cut-out of 7000×7000 + ${CUTOUTS} of 1 MP; ${failed} failed) and a 7000×7000 subject detection in ${seconds.toFixed(1)} s`,
    );
    console.log(`GET /api/health     p50 ${result.health.p50} ms  p99 ${result.health.p99} ms  max ${result.health.max} ms  (${result.health.samples} polls)`);
    console.log(
      `POST task status    p50 ${result.status.p50} ms  p99 ${result.status.p99} ms  max ${result.status.max} ms  (${result.status.samples} polls of ${ids.length} ids)`,
    );
    const d = result.serverEventLoopDelayMs;
    console.log(`server event-loop delay (monitorEventLoopDelay, whole run incl. start): p50 ${d.p50} ms  p99 ${d.p99} ms  max ${d.max} ms`);
    console.log(
      `server main thread busy ${(result.mainThreadCpuShare * 100).toFixed(1)} % of the run; machine load average ${result.loadAverage.mean} (max ${result.loadAverage.max}) on ${result.loadAverage.cores} cores`,
    );
    console.log(`server peak RSS ${result.serverPeakRssMb} MB; target p99 < 50 ms: ${result.health.p99 < 50 && result.status.p99 < 50 ? 'met' : 'NOT met'}`);
    console.log(`BENCH_JSON ${JSON.stringify(result)}`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
