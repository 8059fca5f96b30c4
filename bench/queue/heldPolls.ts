/**
 * Held status polls bench (issue 30, item 15): starts the real server (`server/src/main.ts`, embedded database in a
 * temporary folder unless BENCH_DATABASE_URL, WORKERS=1), keeps its one worker on a long enhancement, and has 200
 * clients (200 device ids), each with a queued task, hold status long polls the way the page does (waitMs 1000, the
 * next call as soon as one is answered). Meanwhile `/api/health` is asked every 20 ms. Prints p50/p99/max of
 * health and of the status replies, the server main thread's CPU time and the machine's load (target: health p99
 * under 100 ms).
 *
 *   npm run bench:held-polls
 *   npm run bench:held-polls -- --clients 200 --seconds 30
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { PHOTOS_DIR } from '../shared/photos';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const CLIENTS = arg('clients', 200);
const SECONDS = arg('seconds', 30);
const PORT = Number(process.env.BENCH_PORT) || 8107;
const BASE = `http://127.0.0.1:${PORT}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Reply = { resultCode: number; msg: string; data: any };

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : NaN;
}
const summary = (v: number[]) => ({
  samples: v.length,
  p50: +percentile(v, 50).toFixed(1),
  p99: +percentile(v, 99).toFixed(1),
  max: +Math.max(...v).toFixed(1),
});
const device = (i: number) => `benchheldpoll${String(i).padStart(20, '0')}`;

async function post(url: string, dev: string, body: unknown): Promise<Reply> {
  const res = await fetch(`${BASE}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-device-id': dev }, body: JSON.stringify(body) });
  return (await res.json()) as Reply;
}

async function upload(buf: Buffer, dev: string): Promise<string> {
  const form = new FormData();
  form.append('data', JSON.stringify({ func: 'picenhance', fileType: 'image', subDir: 'web' }));
  form.append('file', new Blob([new Uint8Array(buf)], { type: 'image/jpeg' }), 'p.jpg');
  const res = (await (await fetch(`${BASE}/api/upload`, { method: 'POST', body: form, headers: { 'x-device-id': dev } })).json()) as Reply;
  if (res.resultCode !== 100) throw new Error(`upload failed: ${res.msg}`);
  return res.data.fileUrl as string;
}

async function submit(dev: string, imgUrl: string): Promise<string> {
  const res = await post('/api/task/picenhance', dev, { imgUrl, scale: 4 });
  if (res.resultCode !== 100) throw new Error(`submit refused: ${res.resultCode} ${res.msg}`);
  return res.data.taskId as string;
}

async function mainThreadCpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/task/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
const loadAverage = async () => Number((await readFile('/proc/loadavg', 'utf8').catch(() => 'NaN')).split(' ')[0]);

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lumacut-bench-held-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    // One address sends every client's calls here: the per-address limits are off, the per-device ones stay on.
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      LOG_LEVEL: 'warn',
      WORKERS: '1',
      FREE_DAILY_CREDITS: '100000',
      RATE_LIMIT_API: '0',
      RATE_LIMIT_TASKS: '0',
      RATE_LIMIT_UPLOADS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const startedAt = Date.now();
    for (;;) {
      const res = await fetch(`${BASE}/api/ready`).catch(() => null);
      if (res?.status === 200) break;
      if (Date.now() - startedAt > 300_000) throw new Error('the server was not ready within 5 minutes');
      await sleep(250);
    }
    // The worker's long job: a 4× enhancement of a 1200 px photo; every client's task waits behind it.
    const big = await sharp(path.join(PHOTOS_DIR, 'astronaut.jpg')).resize(1200, 1200).jpeg().toBuffer();
    const small = await sharp(path.join(PHOTOS_DIR, 'astronaut.jpg')).resize(64, 64).jpeg().toBuffer();
    await submit(device(999_999), await upload(big, device(999_999)));
    const tasks: Array<{ dev: string; id: string }> = [];
    for (let i = 0; i < CLIENTS; i++) {
      const dev = device(i);
      tasks.push({ dev, id: await submit(dev, await upload(small, dev)) });
    }
    console.log(`server ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s; ${CLIENTS} clients each have a queued task`);

    let running = true;
    const health: number[] = [];
    const status: number[] = [];
    let answeredEarly = 0;
    const pollHealth = (async () => {
      while (running) {
        const t = performance.now();
        await fetch(`${BASE}/api/health`).then((r) => r.arrayBuffer());
        health.push(performance.now() - t);
        await sleep(20);
      }
    })();
    const clients = tasks.map(async ({ dev, id }) => {
      while (running) {
        const t = performance.now();
        const res = await post('/api/task/picenhance/status', dev, { taskId: id, waitMs: 1000 });
        const ms = performance.now() - t;
        status.push(ms);
        if (res.data?.result?.[id]?.resultCode !== -112) throw new Error(`status: ${res.resultCode} ${res.msg}`);
        // A call answered at once (a cap) waits out the page's poll interval, as the page does.
        if (ms < 900) {
          answeredEarly++;
          await sleep(1000 - ms);
        }
      }
    });
    const cpu0 = await mainThreadCpuSeconds(server.pid!);
    await sleep(SECONDS * 1000);
    running = false;
    await Promise.all([pollHealth, ...clients]);
    const cpu = (await mainThreadCpuSeconds(server.pid!)) - cpu0;
    console.log(
      JSON.stringify(
        {
          database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
          clients: CLIENTS,
          seconds: SECONDS,
          healthMs: summary(health),
          statusMs: summary(status),
          statusCalls: status.length,
          answeredBeforeTheWait: answeredEarly,
          serverMainThreadCpuS: +cpu.toFixed(1),
          mainThreadBusyShare: +(cpu / SECONDS).toFixed(2),
          loadAverage1m: await loadAverage(),
          cores: os.cpus().length,
          target: 'health p99 < 100 ms',
        },
        null,
        2,
      ),
    );
  } finally {
    server.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
