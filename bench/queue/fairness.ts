/**
 * Fair-queue bench (issue 29, "a fair queue"): starts the real server (`server/src/main.ts`, real models, embedded
 * database in a temporary folder, WORKERS=1 unless set), and measures how long a light task of one owner (a
 * background-colour re-run: `changebg` of a photo whose cut-out is cached) takes
 *   1. alone, on an idle queue (its own work time, the median of a few re-runs), and
 *   2. submitted right after another owner queued 20 heavy jobs (`picenhance`, Real-ESRGAN ×4), the first running.
 * It prints the light task's wait beyond its own work time (target: within 2 s), where the other owner's last job
 * stood in the queue, and the machine's load. Both owners poll the way the page does (long polls, waitMs 1000).
 * The wait is measured two ways: end to end (its time behind the batch minus its time alone, which on a machine
 * other processes load also moves with the CPU its own work gets), and from the server's own timing log (from the
 * submit to a worker picking it up, plus the time its processor waited for a heavy-work thread), which is the
 * wait alone.
 *
 *   npm run bench:queue-fairness
 *   npm run bench:queue-fairness -- --heavy 20 --rounds 3
 *   BENCH_DATABASE_URL=postgres://… npm run bench:queue-fairness   (PostgreSQL instead of PGlite)
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { PHOTOS_DIR, median, megapixelPhoto } from '../shared/photos';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const HEAVY = arg('heavy', 20);
const ROUNDS = arg('rounds', 3);
const PORT = Number(process.env.BENCH_PORT) || 8106;
const BASE = `http://127.0.0.1:${PORT}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const OWNER_HEAVY = 'benchheavyowner000000000000000001';
const OWNER_LIGHT = 'benchlightowner000000000000000002';

type Reply = { resultCode: number; msg: string; data: any };

async function post(url: string, device: string, body: unknown): Promise<Reply> {
  const res = await fetch(`${BASE}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-device-id': device },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Reply;
}

async function upload(buf: Buffer, name: string, device: string): Promise<string> {
  const form = new FormData();
  form.append('data', JSON.stringify({ func: 'changebg', fileType: 'image', subDir: 'web' }));
  form.append('file', new Blob([new Uint8Array(buf)], { type: 'image/jpeg' }), name);
  const res = (await (await fetch(`${BASE}/api/upload`, { method: 'POST', body: form, headers: { 'x-device-id': device } })).json()) as Reply;
  if (res.resultCode !== 100) throw new Error(`upload of ${name} failed: ${res.msg}`);
  return res.data.fileUrl as string;
}

async function submit(type: string, device: string, body: Record<string, unknown>): Promise<string> {
  const res = await post(`/api/task/${type}`, device, body);
  if (res.resultCode !== 100) throw new Error(`${type} refused: ${res.resultCode} ${res.msg}`);
  return res.data.taskId as string;
}

/** Polls like the page (long polls of 1 s) until the task ends; returns the last entry. */
async function waitFor(type: string, device: string, taskId: string): Promise<{ resultCode: number; msg: string }> {
  for (;;) {
    const res = await post(`/api/task/${type}/status`, device, { taskId, waitMs: 1000 });
    const entry = res.data?.result?.[taskId] as { resultCode: number; msg: string } | undefined;
    if (!entry) throw new Error(`status refused: ${res.resultCode} ${res.msg}`);
    if (entry.resultCode !== -112) return entry;
  }
}

/** The server's debug timing lines per task: when a worker picked it up, and how long it waited for a thread. */
const timings = new Map<string, { pickedAt?: number; threadWaitMs?: number }>();
function readTimings(line: string): void {
  if (!line.startsWith('{')) return;
  try {
    const e = JSON.parse(line) as { msg?: string; taskId?: string; pickedAt?: number; waitMs?: number };
    if (!e.taskId) return;
    const t = timings.get(e.taskId) ?? {};
    if (e.msg === 'task timing') t.pickedAt = e.pickedAt;
    if (e.msg === 'heavy timing') t.threadWaitMs = e.waitMs;
    timings.set(e.taskId, t);
  } catch {
    /* not a log line */
  }
}

/** One colour re-run of `imgUrl`: seconds from submit to the page hearing of the result, and the server-side wait. */
async function lightRun(imgUrl: string, color: string): Promise<{ s: number; waitS: number | null }> {
  const t = performance.now();
  const submittedAt = Date.now();
  const id = await submit('changebg', OWNER_LIGHT, { imgUrl, bgType: 'color', color });
  const entry = await waitFor('changebg', OWNER_LIGHT, id);
  if (entry.resultCode !== 100) throw new Error(`the light task failed: ${entry.resultCode} ${entry.msg}`);
  const s = (performance.now() - t) / 1000;
  await sleep(200); // the timing line follows the finish
  const own = timings.get(id);
  const waitS = own?.pickedAt ? (own.pickedAt - submittedAt + (own.threadWaitMs ?? 0)) / 1000 : null;
  return { s, waitS };
}

const loadAverage = async () => Number((await readFile('/proc/loadavg', 'utf8').catch(() => 'NaN')).split(' ')[0]);

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lumacut-bench-fair-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      LOG_LEVEL: 'debug',
      LOG_REQUESTS: '0',
      WORKERS: process.env.WORKERS ?? '1',
      FREE_DAILY_CREDITS: '100000',
      RATE_LIMIT_API: '0',
      RATE_LIMIT_API_DEVICE: '0',
      RATE_LIMIT_TASKS: '0',
      RATE_LIMIT_TASKS_DEVICE: '0',
      RATE_LIMIT_UPLOADS: '0',
      RATE_LIMIT_UPLOADS_DEVICE: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let pending = '';
  server.stdout!.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString('utf8')).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) readTimings(line);
  });
  try {
    const startedAt = Date.now();
    for (;;) {
      const res = await fetch(`${BASE}/api/ready`).catch(() => null);
      if (res?.status === 200) break;
      if (Date.now() - startedAt > 300_000) throw new Error('the server was not ready within 5 minutes');
      await sleep(250);
    }
    const photo = (await megapixelPhoto(path.join(PHOTOS_DIR, 'astronaut.jpg'))).buf;
    const small = await sharp(path.join(PHOTOS_DIR, 'astronaut.jpg')).resize(256, 256).jpeg({ quality: 85 }).toBuffer();
    const lightUrl = await upload(photo, 'light.jpg', OWNER_LIGHT);
    const heavyUrl = await upload(small, 'heavy.jpg', OWNER_HEAVY);

    // 1. Alone: the first run cuts the subject out (cached afterwards); the re-runs are the light work measured.
    const first = await lightRun(lightUrl, '#ff0000');
    const aloneRuns: Array<{ s: number; waitS: number | null }> = [];
    for (let i = 0; i < ROUNDS; i++) aloneRuns.push(await lightRun(lightUrl, `#00${(16 + i).toString(16)}00`));
    const alone = aloneRuns.map((r) => r.s);
    const own = median(alone);
    console.log(
      `light task alone: first run (with the cut-out) ${first.s.toFixed(2)} s; re-runs ${alone.map((s) => s.toFixed(2)).join(', ')} s (median ${own.toFixed(2)} s), server-side waits ${aloneRuns.map((r) => r.waitS?.toFixed(2)).join(', ')} s`,
    );

    // 2. Behind another owner's heavy batch.
    const heavyIds: string[] = [];
    for (let i = 0; i < HEAVY; i++) heavyIds.push(await submit('picenhance', OWNER_HEAVY, { imgUrl: heavyUrl, scale: 4 }));
    for (;;) {
      const res = await post('/api/task/picenhance/status', OWNER_HEAVY, { taskId: heavyIds[0] });
      if (res.data?.result?.[heavyIds[0]!]?.data?.status !== 'queued') break;
      await sleep(100);
    }
    const lastEntry = (await post('/api/task/picenhance/status', OWNER_HEAVY, { taskId: heavyIds.at(-1) })).data?.result?.[heavyIds.at(-1)!];
    const loadedRuns: Array<{ s: number; waitS: number | null }> = [];
    for (let i = 0; i < ROUNDS; i++) loadedRuns.push(await lightRun(lightUrl, `#0000${(16 + i).toString(16)}`));
    const loaded = loadedRuns.map((r) => r.s);
    const waits = loadedRuns.map((r) => r.waitS).filter((w): w is number => w !== null);
    const heavyDone = (await post('/api/task/picenhance/status', OWNER_HEAVY, { taskId: heavyIds.join(',') })).data.result as Record<
      string,
      { resultCode: number }
    >;
    const heavyFinished = Object.values(heavyDone).filter((e) => e.resultCode !== -112).length;
    const worst = Math.max(...loaded);
    console.log(
      JSON.stringify(
        {
          database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
          workers: Number(process.env.WORKERS ?? 1),
          heavyQueued: HEAVY,
          heavyLastJobAhead: lastEntry?.data?.queueAhead ?? null,
          heavyFinishedMeanwhile: heavyFinished,
          lightAloneS: +own.toFixed(2),
          lightBehindHeavyS: loaded.map((s) => +s.toFixed(2)),
          waitBeyondOwnWorkS: { median: +(median(loaded) - own).toFixed(2), worst: +(worst - own).toFixed(2) },
          serverSideWaitBehindHeavyS: { each: waits.map((w) => +w.toFixed(2)), worst: waits.length ? +Math.max(...waits).toFixed(2) : null },
          targetS: 2,
          loadAverage1m: await loadAverage(),
          cores: os.cpus().length,
        },
        null,
        2,
      ),
    );
    for (const id of heavyIds) await post('/api/task/cancel', OWNER_HEAVY, { taskId: id });
  } finally {
    server.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
