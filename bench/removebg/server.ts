/**
 * The cut-out through the real server (issue 15, item 4): peak RSS of the server process with
 * the remover loaded, and the end-to-end time of `POST /api/task/removebg` (upload done before;
 * submit → status poll every 25 ms → result downloaded) against the same pipeline called in
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
 *
 * Photos: the rembg fixtures (../shared/fixtures/rembg or BENCH_PHOTOS, as bench:removebg) plus one 12 MP
 * photo (astronaut scaled to 4000×3000), which is what makes the full-size buffers count.
 */
import { spawn, type ChildProcess } from 'node:child_process';
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
const POLL_MS = 25;
const TARGET_RSS_MB = 800;
const TARGET_OVERHEAD = 0.1;
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
    for (const f of readdirSync(dir).filter((f) => /^[^.]+\.(jpe?g|png)$/i.test(f)).sort()) {
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
  const res = (await (await fetch(`${BASE}/api/upload`, { method: 'POST', body: form })).json()) as { resultCode: number; msg: string; data: { fileUrl: string } };
  if (res.resultCode !== 100) throw new Error(`upload of ${name} failed: ${res.msg}`);
  return res.data.fileUrl;
}

/** One cut-out through the API: submit, poll, download the PNG. Milliseconds. */
async function cutoutViaApi(imgUrl: string): Promise<number> {
  const t0 = performance.now();
  const submitted = await post('/api/task/removebg', { imgUrl });
  if (submitted.resultCode !== 100) throw new Error(`submit refused: ${submitted.resultCode} ${submitted.msg}`);
  const taskId = submitted.data.taskId as string;
  for (;;) {
    const res = await post('/api/task/removebg/status', { taskId });
    const entry = res.data?.result?.[taskId] as { resultCode: number; msg?: string; data?: { resultUrl?: string; fileUrl?: string; url?: string } } | undefined;
    if (entry && entry.resultCode !== -112) {
      if (entry.resultCode !== 100) throw new Error(`task failed: ${entry.resultCode} ${entry.msg}`);
      const url = entry.data?.resultUrl ?? entry.data?.fileUrl ?? entry.data?.url;
      if (url) await (await fetch(url.startsWith('http') ? url : `${BASE}${url}`)).arrayBuffer();
      return performance.now() - t0;
    }
    await sleep(POLL_MS);
  }
}

async function startServer(root: string, launchEnv: NodeJS.ProcessEnv): Promise<{ server: ChildProcess; dataDir: string }> {
  if (await fetch(`${BASE}/api/ready`).catch(() => null)) throw new Error(`port ${PORT} is already in use: set BENCH_PORT`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lumacut-bench-removebg-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    // HEAVY_NICE=0: on a shared, loaded machine the heavy thread's default nice 10 alone makes the API
    // several times slower than the raw call; this bench measures the plumbing, not the priority.
    env: { ...launchEnv, HEAVY_NICE: process.env.HEAVY_NICE ?? '0', PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', FREE_DAILY_CREDITS: '100000', RATE_LIMIT_API: '0', RATE_LIMIT_API_DEVICE: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
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
}

async function measure(label: string, root: string, list: Photo[], raw: (buf: Buffer) => Promise<unknown>, launchEnv: NodeJS.ProcessEnv): Promise<Measured> {
  const { server, dataDir } = await startServer(root, launchEnv);
  try {
    const pid = server.pid!;
    const readyRssMb = await vm(pid, 'VmRSS');
    console.log(`[${label}] server ready (${root}); RSS ${readyRssMb} MiB`);
    const urls = new Map<string, string>();
    for (const p of list) urls.set(p.name, await upload(p.buf, p.name));
    // The first request after ready: what a user pays for anything loaded lazily (the warm-up only loads IS-Net).
    const firstRequestMs = Math.round(await cutoutViaApi(urls.get(list[0].name)!));
    console.log(`[${label}] first request (${list[0].name}) ${firstRequestMs} ms; RSS ${await vm(pid, 'VmRSS')} MiB`);
    await raw(list[0].buf);
    const apiMs: Record<string, number> = {};
    const rawMs: Record<string, number> = {};
    for (const p of list) {
      const a: number[] = [];
      const r: number[] = [];
      // Interleaved, so a change in the machine's load hits both alike.
      for (let i = 0; i < RUNS; i++) {
        a.push(await cutoutViaApi(urls.get(p.name)!));
        const t = performance.now();
        await raw(p.buf);
        r.push(performance.now() - t);
      }
      apiMs[p.name] = Math.round(median(a));
      rawMs[p.name] = Math.round(median(r));
      console.log(`[${label}] ${p.name.padEnd(16)} ${p.mp.toFixed(2)} MP  API ${apiMs[p.name]} ms (runs ${a.map(Math.round).join(', ')})  raw ${rawMs[p.name]} ms (runs ${r.map(Math.round).join(', ')})  overhead ${((apiMs[p.name] / rawMs[p.name] - 1) * 100).toFixed(1)} %`);
    }
    const peakRssMb = await vm(pid, 'VmHWM');
    console.log(`[${label}] server peak RSS (VmHWM) ${peakRssMb} MiB`);
    return { readyRssMb, peakRssMb, firstRequestMs, apiMs, rawMs };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const list = await photos();
  console.log(`Cut-out through the server: ${list.map((p) => `${p.name} (${p.mp.toFixed(2)} MP)`).join(', ')}; ${RUNS} runs each, median`);
  console.log(`  the machine may be shared with other jobs: compare only within this run (load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')})`);
  const results: Record<string, Measured> = {};
  const beforeRoot = process.env.BENCH_BEFORE_ROOT;
  if (beforeRoot) {
    const { removeBackgroundBefore } = await import('./baseline');
    // Started as main's launchers started it (no allocator setting), unless this environment sets one.
    results.before = await measure('before', path.resolve(beforeRoot), list, (b) => removeBackgroundBefore(b), process.env);
  }
  const { removeBackground } = await import('../../server/src/models/removeBackground');
  // The allocator setting npm start and npm run server give the server now (server/src/config/allocator.ts).
  results.after = await measure('after', repoRoot, list, (b) => removeBackground(b), withAllocatorEnv(process.env));

  console.log('\nSummary');
  for (const [label, m] of Object.entries(results)) {
    const api = Object.values(m.apiMs).reduce((a, b) => a + b, 0);
    const raw = Object.values(m.rawMs).reduce((a, b) => a + b, 0);
    console.log(`  ${label.padEnd(7)} peak RSS ${m.peakRssMb} MiB (ready ${m.readyRssMb} MiB); first request ${m.firstRequestMs} ms; API total ${api} ms vs raw ${raw} ms: overhead ${((api / raw - 1) * 100).toFixed(1)} %`);
  }
  const after = results.after;
  const overhead = Object.values(after.apiMs).reduce((a, b) => a + b, 0) / Object.values(after.rawMs).reduce((a, b) => a + b, 0) - 1;
  console.log('\nTargets');
  console.log(`  ${after.peakRssMb <= TARGET_RSS_MB ? 'ok    ' : 'TARGET MISSED:'} server peak RSS ${after.peakRssMb} MiB (target ≤ ${TARGET_RSS_MB})`);
  console.log(`  ${overhead <= TARGET_OVERHEAD ? 'ok    ' : 'TARGET MISSED:'} API overhead over the raw pipeline ${(overhead * 100).toFixed(1)} % (target ≤ ${TARGET_OVERHEAD * 100} %)`);
  console.log(`\nBENCH_JSON ${JSON.stringify(results)}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error('bench:removebg-server failed:', err);
    process.exit(1);
  },
);
