/**
 * The cut-out through the real server (issue 15, item 4): peak RSS of the server process with
 * the remover loaded, and the end-to-end time of `POST /api/task/removebg` (upload done before;
 * submit → status polls → result downloaded) against the same pipeline called in
 * this process ("raw": removeBackground() with no HTTP, queue, database or thread), per photo.
 *
 * "Before" and "after" in one run: BENCH_BEFORE_ROOT names a checkout of main's code (its
 * node_modules may be a symlink); the server is started from it, then from this repository,
 * one after the other, on BENCH_PORT (default 8308), each with a throwaway PGlite DATA_DIR.
 * The raw times are measured in this process with this repository's pipeline, so the overhead
 * is only printed for "after" (and for "before" against bench/removebg/baseline.ts).
 *
 *   BENCH_BEFORE_ROOT=/tmp/main-copy npm run bench:removebg-server
 *   BENCH_RUNS=3 npm run bench:removebg-server            (after only)
 *   BENCH_BEFORE_ROOT=/tmp/old BENCH_SAME_RAW=1 npm run bench:removebg-server   (a plumbing-only change)
 *   npm run bench:removebg-server -- --breakdown          (where each request's time goes)
 *
 * --breakdown (or BENCH_BREAKDOWN=1) starts the server with LOG_LEVEL=debug and reads its "task timing" and
 * "heavy timing" lines (tasks/runTask.ts, heavy/heavyPool.ts) to split each API time into: submit (the
 * request: checks, task row, queueing), pickup (submit answered → a worker starts the task), claim (task row
 * read and marked running), thread wait, messages (to and from the heavy thread), thread asks (its input
 * file and cancellation checks, answered by the event loop), compute (decode, inference, encode: what "raw" measures), store, finish (task row), status lag
 * (finished → the client's poll sees it) and download. A server without those
 * lines (an older checkout) prints only the client's part. It also prints the plumbing, the API's time minus
 * the thread's compute: on a loaded machine the compute of the API and of raw each vary by seconds between
 * runs, which hides a fixed cost of a few hundred milliseconds in the overhead ratio but not in the plumbing.
 *
 * Photos: the rembg fixtures (../shared/fixtures/rembg or BENCH_PHOTOS, as bench:removebg) plus one 12 MP
 * photo (astronaut scaled to 4000×3000), which is what makes the full-size buffers count.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { withAllocatorEnv } from '../../server/src/config/allocator';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PORT = Number(process.env.BENCH_PORT) || 8308;
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS) || 2;
/**
 * The client's status polls. By default as the page asks (machines/taskFlow.machine.ts): each status call asks the
 * server to hold it up to 1 s (`waitMs`, a long poll) and the next starts when it answers. BENCH_POLL_MS=25 polls
 * every 25 ms without waitMs instead (the client of earlier rounds; an older server without long polls is
 * polled that way too, as it answers at once).
 */
const POLL_MS = Number(process.env.BENCH_POLL_MS) || 0;
const WAIT_MS = POLL_MS ? 0 : 1000;
const TARGET_RSS_MB = 800;
const TARGET_OVERHEAD = 0.1;
const BREAKDOWN = process.argv.includes('--breakdown') || process.env.BENCH_BREAKDOWN === '1';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

interface Photo {
  name: string;
  buf: Buffer;
  mp: number;
}

async function photos(): Promise<Photo[]> {
  const dir = path.resolve(process.env.BENCH_PHOTOS || path.resolve(repoRoot, '..', 'shared', 'fixtures', 'rembg'));
  const list: Photo[] = [];
  if (existsSync(dir)) {
    for (const f of readdirSync(dir)
      .filter((f) => /^[^.]+\.(jpe?g|png)$/i.test(f))
      .sort()) {
      const buf = readFileSync(path.join(dir, f));
      const m = await sharp(buf).metadata();
      const name = f.replace(/\..*/, '');
      if (process.env.BENCH_ONLY && !process.env.BENCH_ONLY.split(',').includes(name)) continue;
      list.push({ name, buf, mp: (m.width! * m.height!) / 1e6 });
    }
  }
  const astronaut = path.join(repoRoot, 'tests', 'assets', 'photos', 'astronaut.jpg');
  const big = await sharp(astronaut).resize(4000, 3000, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer();
  list.push({ name: 'astronaut-12mp', buf: big, mp: 12 });
  return list;
}

async function vm(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) / 1024);
}

async function post(url: string, body: unknown): Promise<{ resultCode: number; msg: string; data: any }> {
  const res = await fetch(`${BASE}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as { resultCode: number; msg: string; data: any };
}

async function upload(buf: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.append('data', JSON.stringify({ func: 'removebg', fileType: 'image', subDir: 'web' }));
  form.append('file', new Blob([new Uint8Array(buf)], { type: 'image/jpeg' }), `${name}.jpg`);
  const res = (await (await fetch(`${BASE}/api/upload`, { method: 'POST', body: form })).json()) as {
    resultCode: number;
    msg: string;
    data: { fileUrl: string };
  };
  if (res.resultCode !== 100) throw new Error(`upload of ${name} failed: ${res.msg}`);
  return res.data.fileUrl;
}

/** The server's debug lines about one task (see --breakdown), by task id. */
type ServerLines = Map<string, { task?: any; heavy?: any }>;

/** One request's stages in milliseconds (--breakdown); the server's part is absent when it logged none. */
type Stages = Record<string, number>;

/** One cut-out through the API: submit, poll, download the PNG. Milliseconds, and the stages when known. */
async function cutoutViaApi(imgUrl: string, lines?: ServerLines): Promise<{ ms: number; stages: Stages }> {
  const t0 = performance.now();
  const submitted = await post('/api/task/removebg', { imgUrl });
  const submittedAt = Date.now();
  const tSubmitted = performance.now();
  if (submitted.resultCode !== 100) throw new Error(`submit refused: ${submitted.resultCode} ${submitted.msg}`);
  const taskId = submitted.data.taskId as string;
  for (;;) {
    const asked = performance.now();
    const res = await post('/api/task/removebg/status', WAIT_MS ? { taskId, waitMs: WAIT_MS } : { taskId });
    const entry = res.data?.result?.[taskId] as { resultCode: number; msg?: string; data?: { resultUrl?: string; fileUrl?: string; url?: string } } | undefined;
    if (entry && entry.resultCode !== -112) {
      if (entry.resultCode !== 100) throw new Error(`task failed: ${entry.resultCode} ${entry.msg}`);
      const seenAt = Date.now();
      const tSeen = performance.now();
      const url = entry.data?.resultUrl ?? entry.data?.fileUrl ?? entry.data?.url;
      if (url) await (await fetch(url.startsWith('http') ? url : `${BASE}${url}`)).arrayBuffer();
      const ms = performance.now() - t0;
      const stages: Stages = { submit: tSubmitted - t0 };
      // The server writes its lines as it goes; give the pipe a moment.
      for (let i = 0; i < 20 && lines && !lines.get(taskId)?.task; i++) await sleep(5);
      const server = lines?.get(taskId);
      if (server?.task) {
        const t = server.task;
        stages.pickup = t.pickedAt - submittedAt;
        stages.claim = t.ms.claim;
        if (server.heavy) {
          const h = server.heavy;
          Object.assign(stages, { threadWait: h.waitMs, messages: h.messagesMs, threadAsks: h.asksMs, compute: h.threadMs - h.asksMs });
          stages.processOther = t.ms.process - h.waitMs - h.messagesMs - h.threadMs;
        } else stages.process = t.ms.process;
        Object.assign(stages, { cancelCheck: t.ms.cancelCheck, store: t.ms.store, finish: t.ms.finish, statusLag: seenAt - t.finishedAt });
      } else stages.untilDone = tSeen - tSubmitted;
      stages.download = performance.now() - tSeen;
      return { ms, stages };
    }
    // A server that answered at once did not hold the call (short polls asked for, or a server without them).
    if (POLL_MS || performance.now() - asked < WAIT_MS / 2) await sleep(POLL_MS || 25);
  }
}

/** Reads the server's debug lines ("task timing", "heavy timing") into `lines`. */
function collectLines(server: ChildProcess, lines: ServerLines): void {
  if (!server.stdout) return;
  createInterface({ input: server.stdout }).on('line', (text) => {
    if (!text.includes('timing')) return;
    try {
      const line = JSON.parse(text) as { msg: string; taskId?: string };
      if (!line.taskId) return;
      const entry = lines.get(line.taskId) ?? {};
      if (line.msg === 'task timing') entry.task = line;
      else if (line.msg === 'heavy timing') entry.heavy = line;
      lines.set(line.taskId, entry);
    } catch {
      // not a JSON line
    }
  });
}

async function startServer(root: string, launchEnv: NodeJS.ProcessEnv): Promise<{ server: ChildProcess; dataDir: string }> {
  if (await fetch(`${BASE}/api/ready`).catch(() => null)) throw new Error(`port ${PORT} is already in use: set BENCH_PORT`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lumacut-bench-removebg-'));
  // As `npm start` runs it: the compiled server when the checkout has one (scripts/build-server.mjs), unless
  // BENCH_SERVER=tsx asks for the TypeScript loader.
  const compiled = process.env.BENCH_SERVER !== 'tsx' && existsSync(path.join(root, 'build/server/main.js'));
  const server = spawn(process.execPath, compiled ? ['build/server/main.js'] : ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    // HEAVY_NICE=0: on a shared, loaded machine the heavy thread's default nice 10 alone makes the API
    // several times slower than the raw call; this bench measures the plumbing, not the priority.
    env: {
      ...launchEnv,
      HEAVY_NICE: process.env.HEAVY_NICE ?? '0',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: BREAKDOWN ? 'debug' : 'warn',
      FREE_DAILY_CREDITS: '100000',
      RATE_LIMIT_API: '0',
      RATE_LIMIT_API_DEVICE: '0',
    },
    stdio: ['ignore', BREAKDOWN ? 'pipe' : 'ignore', 'inherit'],
  });
  console.log(`[server] ${compiled ? 'compiled (build/server/main.js)' : 'tsx (server/src/main.ts)'} in ${root}`);
  // Never leave the server behind when the bench stops early.
  const stop = () => server.kill('SIGTERM');
  process.once('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => (stop(), process.exit(130)));
  const startedAt = Date.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server in ${root} exited with ${server.exitCode}`);
    const res = await fetch(`${BASE}/api/ready`).catch(() => null);
    if (res?.status === 200) break;
    if (Date.now() - startedAt > 240_000) throw new Error('the server was not ready within 4 minutes');
    await sleep(250);
  }
  return { server, dataDir };
}

interface Measured {
  readyRssMb: number;
  peakRssMb: number;
  firstRequestMs: number;
  apiMs: Record<string, number>;
  rawMs: Record<string, number>;
  /**
   * --breakdown: the API's time minus the thread's compute (the same pipeline as raw), per photo (median). On a
   * loaded machine the compute of either side varies by seconds; this part of the overhead does not.
   */
  plumbingMs?: Record<string, number>;
}

async function measure(label: string, root: string, list: Photo[], raw: (buf: Buffer) => Promise<unknown>, launchEnv: NodeJS.ProcessEnv): Promise<Measured> {
  const { server, dataDir } = await startServer(root, launchEnv);
  try {
    const pid = server.pid!;
    const lines: ServerLines = new Map();
    collectLines(server, lines);
    const readyRssMb = await vm(pid, 'VmRSS');
    console.log(`[${label}] server ready (${root}); RSS ${readyRssMb} MiB`);
    const urls = new Map<string, string>();
    for (const p of list) urls.set(p.name, await upload(p.buf, p.name));
    // The first request after ready: what a user pays for anything loaded lazily (the warm-up only loads IS-Net).
    const firstRequestMs = Math.round((await cutoutViaApi(urls.get(list[0].name)!, lines)).ms);
    console.log(`[${label}] first request (${list[0].name}) ${firstRequestMs} ms; RSS ${await vm(pid, 'VmRSS')} MiB`);
    await raw(list[0].buf);
    const apiMs: Record<string, number> = {};
    const rawMs: Record<string, number> = {};
    const plumbingMs: Record<string, number> = {};
    for (const p of list) {
      const a: number[] = [];
      const r: number[] = [];
      const stages: Stages[] = [];
      // Interleaved, so a change in the machine's load hits both alike.
      for (let i = 0; i < RUNS; i++) {
        const api = await cutoutViaApi(urls.get(p.name)!, lines);
        a.push(api.ms);
        stages.push(api.stages);
        const t = performance.now();
        await raw(p.buf);
        r.push(performance.now() - t);
      }
      apiMs[p.name] = Math.round(median(a));
      rawMs[p.name] = Math.round(median(r));
      console.log(
        `[${label}] ${p.name.padEnd(16)} ${p.mp.toFixed(2)} MP  API ${apiMs[p.name]} ms (runs ${a.map(Math.round).join(', ')})  raw ${rawMs[p.name]} ms (runs ${r.map(Math.round).join(', ')})  overhead ${((apiMs[p.name] / rawMs[p.name] - 1) * 100).toFixed(1)} %  load ${os.loadavg()[0].toFixed(1)}`,
      );
      if (BREAKDOWN) {
        const names = Object.keys(stages[0]);
        console.log(`[${label}]   stages (median ms): ${names.map((n) => `${n} ${median(stages.map((s) => s[n] ?? NaN)).toFixed(1)}`).join(', ')}`);
        if (stages[0].compute !== undefined) {
          plumbingMs[p.name] = Math.round(median(a.map((ms, i) => ms - stages[i].compute)));
          console.log(`[${label}]   plumbing (API − compute) ${plumbingMs[p.name]} ms: ${((plumbingMs[p.name] / rawMs[p.name]) * 100).toFixed(1)} % of raw`);
        }
      }
    }
    const peakRssMb = await vm(pid, 'VmHWM');
    console.log(`[${label}] server peak RSS (VmHWM) ${peakRssMb} MiB`);
    return { readyRssMb, peakRssMb, firstRequestMs, apiMs, rawMs, ...(Object.keys(plumbingMs).length ? { plumbingMs } : {}) };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const list = await photos();
  console.log(`Cut-out through the server: ${list.map((p) => `${p.name} (${p.mp.toFixed(2)} MP)`).join(', ')}; ${RUNS} runs each, median`);
  console.log(
    `  the machine may be shared with other jobs: compare only within this run (load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  );
  const results: Record<string, Measured> = {};
  const beforeRoot = process.env.BENCH_BEFORE_ROOT;
  const { removeBackground } = await import('../../server/src/models/removeBackground');
  if (beforeRoot) {
    // BENCH_SAME_RAW=1: the two checkouts differ only in the plumbing (queue, threads, storage), so "before"
    // is judged against this repository's pipeline too and its overhead is comparable with "after"'s.
    const { removeBackgroundBefore } = await import('./baseline');
    const rawBefore = process.env.BENCH_SAME_RAW === '1' ? removeBackground : removeBackgroundBefore;
    // Started as main's launchers started it (no allocator setting), unless this environment sets one.
    results.before = await measure('before', path.resolve(beforeRoot), list, (b) => rawBefore(b), process.env);
  }
  // The allocator setting npm start and npm run server give the server now (server/src/config/allocator.ts).
  results.after = await measure('after', repoRoot, list, (b) => removeBackground(b), withAllocatorEnv(process.env));

  console.log('\nSummary');
  for (const [label, m] of Object.entries(results)) {
    const api = Object.values(m.apiMs).reduce((a, b) => a + b, 0);
    const raw = Object.values(m.rawMs).reduce((a, b) => a + b, 0);
    console.log(
      `  ${label.padEnd(7)} peak RSS ${m.peakRssMb} MiB (ready ${m.readyRssMb} MiB); first request ${m.firstRequestMs} ms; API total ${api} ms vs raw ${raw} ms: overhead ${((api / raw - 1) * 100).toFixed(1)} %  (load now ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')})`,
    );
    if (m.plumbingMs) {
      const plumbing = Object.values(m.plumbingMs).reduce((a, b) => a + b, 0);
      console.log(`          plumbing (API − compute) total ${plumbing} ms: ${((plumbing / raw) * 100).toFixed(1)} % of raw`);
    }
  }
  const after = results.after;
  const overhead = Object.values(after.apiMs).reduce((a, b) => a + b, 0) / Object.values(after.rawMs).reduce((a, b) => a + b, 0) - 1;
  console.log('\nTargets');
  console.log(`  ${after.peakRssMb <= TARGET_RSS_MB ? 'ok    ' : 'TARGET MISSED:'} server peak RSS ${after.peakRssMb} MiB (target ≤ ${TARGET_RSS_MB})`);
  console.log(
    `  ${overhead <= TARGET_OVERHEAD ? 'ok    ' : 'TARGET MISSED:'} API overhead over the raw pipeline ${(overhead * 100).toFixed(1)} % (target ≤ ${TARGET_OVERHEAD * 100} %)`,
  );
  console.log(`\nBENCH_JSON ${JSON.stringify(results)}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error('bench:removebg-server failed:', err);
    process.exit(1);
  },
);
