/**
 * Upload memory benchmark (issue 16, findings 2 and 5): the server's peak RSS above idle
 *
 * 1. during BENCH_BATCHES (4) concurrent batch uploads of BENCH_FILES (50) photos of about BENCH_FILE_MB (29) MB
 *    each (target: under 1 GB above idle);
 * 2. during BENCH_BATCHES single uploads at once of a 7000×7000 (49 MP) JPEG;
 * 3. during ZIP bombs, each kind sent BENCH_BOMBS (3) at once: a 1 GiB entry of zeros that claims its size,
 *    the same one claiming 1 KiB, and a JPEG signature plus 1 GiB of zeros claiming 29 MB
 *    (target: megabytes, not gigabytes).
 *
 * The server runs as its own process (server/src/main.ts, PGlite, no workers, a throwaway DATA_DIR on
 * PORT 8103 or BENCH_PORT); its RSS is read from /proc every 20 ms. Request bodies are streamed, so
 * the bench itself holds one photo and the bombs. The last line is `BENCH_JSON {...}`; a missed target
 * prints TARGET MISSED (the exit code stays 0).
 *
 *   npm run bench:upload-memory
 *   BENCH_BATCHES=2 BENCH_FILES=10 npm run bench:upload-memory     (a quicker run)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createDeflateRaw } from 'node:zlib';
import sharp from 'sharp';
import { buildZip } from '../../server/src/input/zipFixtures';

const BATCHES = Number(process.env.BENCH_BATCHES || 4);
const FILES = Number(process.env.BENCH_FILES || 50);
const FILE_MB = Number(process.env.BENCH_FILE_MB || 29);
const BOMBS = Number(process.env.BENCH_BOMBS || 3);
const PORT = Number(process.env.BENCH_PORT || 8103);
const MB = 1024 * 1024;
const TARGET_BATCH_MB = 1024;
const TARGET_BOMB_MB = 64;

/** Resident memory of a process in bytes, from /proc (Linux). */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) * 1024 : 0;
}

/** Samples a process's RSS every 20 ms until stopped; reports the peak. */
function sampler(pid: number) {
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 20);
  return { stop: () => (clearInterval(timer), Math.max(peak, rssOf(pid))) };
}

/** A JPEG of noise of about `mb` megabytes (noise does not compress, so the size is real). */
async function photoOfSize(mb: number): Promise<Buffer> {
  const make = (side: number) =>
    sharp({ create: { width: side, height: Math.round(side * 0.75), channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
      .toBuffer();
  let side = 3000;
  let jpeg = await make(side);
  for (let i = 0; i < 4 && Math.abs(jpeg.length - mb * MB) > 0.3 * MB; i++) {
    side = Math.round(side * Math.sqrt((mb * MB) / jpeg.length));
    jpeg = await make(side);
  }
  return jpeg;
}

/** Raw deflate of `bytes` (zeros after an optional head), streamed so the bench never holds the unpacked data. */
async function deflateOf(bytes: number, head = Buffer.alloc(0)): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const zeros = Buffer.alloc(MB);
  deflate.write(head);
  for (let left = bytes; left > 0; left -= MB) {
    if (!deflate.write(left >= MB ? zeros : zeros.subarray(0, left))) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return Buffer.concat(out);
}

/** POSTs a multipart body with `count` copies of `file` to `url`, streaming it; resolves with the reply. */
function postMultipart(url: string, file: Buffer, count: number, filename: string): Promise<{ status: number; body: string }> {
  const boundary = `bench${Math.random().toString(16).slice(2)}`;
  const head = (i: number) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${i}-${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const data = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"func":"bench","subDir":"bench"}\r\n`);
  const tail = Buffer.from(`--${boundary}--\r\n`);
  const length = data.length + tail.length + Array.from({ length: count }, (_, i) => head(i).length + file.length + 2).reduce((a, b) => a + b, 0);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': length } },
      (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    (async () => {
      const write = (chunk: Buffer) => (req.write(chunk) ? Promise.resolve() : new Promise((r) => req.once('drain', r)));
      await write(data);
      for (let i = 0; i < count && !req.destroyed; i++) {
        await write(head(i));
        await write(file);
        await write(Buffer.from('\r\n'));
      }
      req.end(tail);
    })().catch(reject);
  });
}

async function startServer(dataDir: string): Promise<ChildProcess> {
  const webDir = path.join(dataDir, 'web');
  mkdirSync(webDir, { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html>');
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      WEB_DIR: webDir,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      WORKERS: '0',
      UPLOAD_TMP_DIR: path.join(dataDir, 'tmp'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return server;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill();
  throw new Error('the server did not start');
}

async function measure(pid: number, before: number, label: string, run: () => Promise<Array<{ status: number; body: string }>>) {
  const s = sampler(pid);
  const started = Date.now();
  const replies = await run();
  const above = (s.stop() - before) / MB;
  const codes = replies.map((r) => {
    try {
      return JSON.parse(r.body).resultCode as number;
    } catch {
      return r.status;
    }
  });
  console.log(
    `${label.padEnd(58)} peak RSS above before ${above.toFixed(0).padStart(5)} MB   ${((Date.now() - started) / 1000).toFixed(1)} s   resultCodes ${[...new Set(codes)].join(',')}`,
  );
  return above;
}

async function main() {
  const base = `http://127.0.0.1:${PORT}`;
  const photo = await photoOfSize(FILE_MB);
  const meta = await sharp(photo).metadata();
  const bigPhoto = await sharp(readFileSync('tests/assets/photos/chelsea.jpg')).resize(7000, 7000, { fit: 'fill' }).jpeg({ quality: 85 }).toBuffer();
  const zeros = await deflateOf(1024 * MB);
  const jpegHeaded = await deflateOf(1024 * MB, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]));
  const bombs = {
    'claims 1 GiB': bombZip(zeros, 1024 * MB),
    'claims 1 KiB': bombZip(zeros, 1024),
    'JPEG head, claims 29 MB': bombZip(jpegHeaded, 29 * MB),
  };

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lumacut-bench-upload-'));
  const server = await startServer(dataDir);
  try {
    const pid = server.pid!;
    // Warm up: one real upload loads sharp, libvips and the database paths.
    const warm = await postMultipart(`${base}/api/upload`, photo, 1, 'warm.jpg');
    if (JSON.parse(warm.body).resultCode !== 100) throw new Error(`warm-up upload failed: ${warm.body}`);
    await new Promise((r) => setTimeout(r, 1000));
    const settledRss = async () => {
      await new Promise((r) => setTimeout(r, 1000));
      return rssOf(pid);
    };
    const idle = await settledRss();
    console.log(`server idle RSS ${(idle / MB).toFixed(0)} MB; photo ${(photo.length / MB).toFixed(1)} MB (${meta.width}×${meta.height} JPEG)`);
    // Bombs first: RSS rarely shrinks after a peak, so each phase is measured from the RSS just before it.
    const bombResults: Record<string, number> = {};
    for (const [name, zip] of Object.entries(bombs)) {
      const label = `${BOMBS} zip bombs at once (${name}, ${(zip.length / 1024).toFixed(0)} KB → 1 GiB)`;
      bombResults[name] = await measure(pid, await settledRss(), label, () =>
        Promise.all(Array.from({ length: BOMBS }, () => postMultipart(`${base}/api/upload/zip`, zip, 1, 'bomb.zip'))),
      );
    }
    // Inspection decodes at a thumbnail's size (JPEG shrink-on-load), so a 49 MP photo costs little.
    const big = await measure(pid, await settledRss(), `${BATCHES} concurrent uploads of a 49 MP JPEG (${(bigPhoto.length / MB).toFixed(1)} MB)`, () =>
      Promise.all(Array.from({ length: BATCHES }, () => postMultipart(`${base}/api/upload`, bigPhoto, 1, 'big.jpg'))),
    );
    const batch = await measure(pid, await settledRss(), `${BATCHES} concurrent batches of ${FILES} × ${(photo.length / MB).toFixed(1)} MB`, () =>
      Promise.all(Array.from({ length: BATCHES }, () => postMultipart(`${base}/api/upload/batch`, photo, FILES, 'photo.jpg'))),
    );
    const bombPeak = Math.max(...Object.values(bombResults));
    if (batch > TARGET_BATCH_MB) console.log(`TARGET MISSED: batches ${batch.toFixed(0)} MB above idle (target < ${TARGET_BATCH_MB} MB)`);
    if (bombPeak > TARGET_BOMB_MB) console.log(`TARGET MISSED: zip bombs ${bombPeak.toFixed(0)} MB above idle (target < ${TARGET_BOMB_MB} MB)`);
    console.log(
      `BENCH_JSON ${JSON.stringify({ idleMB: Math.round(idle / MB), batches: BATCHES, files: FILES, fileMB: +(photo.length / MB).toFixed(1), batchPeakAboveIdleMB: Math.round(batch), photo49MPPeakAboveIdleMB: Math.round(big), bombPeakAboveIdleMB: Object.fromEntries(Object.entries(bombResults).map(([k, v]) => [k, Math.round(v)])) })}`,
    );
  } finally {
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A one-entry ZIP of `compressed` whose headers claim `claimedSize` unpacked bytes (and a wrong checksum). */
function bombZip(compressed: Buffer, claimedSize: number): Buffer {
  return buildZip([{ name: 'a.jpg', compressed, method: 8, crc: 0, compressedSize: compressed.length, claimedSize }]);
}

main().catch((err) => {
  console.error('bench:upload-memory failed:', err);
  process.exit(1);
});
