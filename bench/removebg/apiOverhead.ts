/**
 * Issue 27: the remove.bg-compatible API's overhead over the in-process pipeline, per photo.
 *
 * For each photo, alternately: "raw", removeBackground() called in this process (no HTTP, queue, database or
 * thread), and "api", `POST /v1.0/removebg` (multipart image_file, size=full, format=png, binary reply) to a
 * server started from this repository (personal mode, WORKERS=1, a throwaway PGlite DATA_DIR). Both are
 * timed (wall clock) and charged CPU time (this process's for raw, the server process's for api, from
 * /proc/<pid>/stat), because on a loaded machine wall times swing by seconds while CPU time moves little.
 *
 *   BENCH_PHOTOS=/work/shared/fixtures/rembg npm run bench:removebg-api
 *   BENCH_RUNS=3 BENCH_ONLY=car-1,plants-1 npm run bench:removebg-api
 *
 * Photos: the rembg fixtures (BENCH_PHOTOS, default ../shared/fixtures/rembg) plus tests/assets/photos/astronaut.jpg.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { withAllocatorEnv } from '../../server/src/config/allocator';
import { removeBackground } from '../../server/src/models/removeBackground';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PORT = Number(process.env.BENCH_PORT) || 8309;
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS) || 2;
const TICK_MS = 1000 / 100; // /proc/<pid>/stat counts CPU in clock ticks (USER_HZ, 100 on Linux)
const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function photos(): Array<{ name: string; buf: Buffer }> {
  const dir = path.resolve(process.env.BENCH_PHOTOS || path.resolve(repoRoot, '..', 'shared', 'fixtures', 'rembg'));
  const list: Array<{ name: string; buf: Buffer }> = [];
  const only = process.env.BENCH_ONLY?.split(',');
  if (existsSync(dir)) {
    for (const f of readdirSync(dir)
      .filter((f) => /^[^.]+\.(jpe?g|png)$/i.test(f))
      .sort()) {
      const name = f.replace(/\..*/, '');
      if (!only || only.includes(name)) list.push({ name, buf: readFileSync(path.join(dir, f)) });
    }
  }
  if (!only || only.includes('astronaut'))
    list.push({ name: 'astronaut', buf: readFileSync(path.join(repoRoot, 'tests', 'assets', 'photos', 'astronaut.jpg')) });
  return list;
}

/** CPU milliseconds (user + system) a process has used, children included. */
async function cpuOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime, stime, cutime, cstime are fields 14-17 (1-based), i.e. 11-14 after the command name.
  return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * TICK_MS;
}

async function apiCall(buf: Buffer, name: string): Promise<{ ms: number; bytes: number }> {
  const form = new FormData();
  form.append('image_file', new Blob([new Uint8Array(buf)]), `${name}.jpg`);
  form.append('size', 'full');
  form.append('format', 'png');
  const t0 = performance.now();
  const res = await fetch(`${BASE}/v1.0/removebg`, { method: 'POST', body: form });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`${name}: HTTP ${res.status} ${body.toString().slice(0, 200)}`);
  return { ms: performance.now() - t0, bytes: body.length };
}

async function main(): Promise<void> {
  const list = photos();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-api-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: withAllocatorEnv({
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WORKERS: '1',
      LOG_LEVEL: 'warn',
      BILLING: 'off',
      RATE_LIMIT_API_KEY: '0',
    }),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      if (
        await fetch(`${BASE}/api/ready`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 600 || child.exitCode !== null) throw new Error('the server did not become ready');
      await new Promise((r) => setTimeout(r, 500));
    }
    // One warm-up each, so model loading is in neither side's figures.
    await removeBackground(list[0]!.buf);
    await apiCall(list[0]!.buf, 'warm-up');
    console.log(
      `photo            MP   raw ms  api ms  wall +%   raw CPU ms  api CPU ms  CPU +%   (medians of ${RUNS}; os.loadavg ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')})`,
    );
    const overheads: number[] = [];
    for (const photo of list) {
      const meta = await sharp(photo.buf).metadata();
      const raw: number[] = [],
        api: number[] = [],
        rawCpu: number[] = [],
        apiCpu: number[] = [];
      for (let r = 0; r < RUNS; r++) {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        await removeBackground(photo.buf);
        raw.push(performance.now() - t0);
        const c = process.cpuUsage(c0);
        rawCpu.push((c.user + c.system) / 1000);
        const s0 = await cpuOf(child.pid!);
        // Bytes the server has not seen (a run number after the JPEG's end, which decoders ignore): the
        // server reuses the cut-out of bytes it has seen (cutoutCache.ts), and this measures the pipeline.
        api.push((await apiCall(Buffer.concat([photo.buf, Buffer.from(`run-${r}`)]), photo.name)).ms);
        apiCpu.push((await cpuOf(child.pid!)) - s0);
      }
      const wall = median(api) / median(raw) - 1;
      const cpu = median(apiCpu) / median(rawCpu) - 1;
      overheads.push(cpu);
      console.log(
        `${photo.name.padEnd(15)} ${((meta.width! * meta.height!) / 1e6).toFixed(1).padStart(4)} ${median(raw).toFixed(0).padStart(8)} ${median(api).toFixed(0).padStart(7)} ${(wall * 100).toFixed(1).padStart(8)} ${median(rawCpu).toFixed(0).padStart(12)} ${median(apiCpu).toFixed(0).padStart(11)} ${(cpu * 100).toFixed(1).padStart(7)}`,
      );
    }
    console.log(`CPU overhead: median ${(median(overheads) * 100).toFixed(1)} %, worst ${(Math.max(...overheads) * 100).toFixed(1)} % (target ≤ 5 %)`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
