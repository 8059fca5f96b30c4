/**
 * Uploads under attack (issue 16, findings 2, 3, 5 and 10): malformed multipart shapes, ZIP bombs and
 * lying ZIP headers, header-forged and truncated images, per-file and per-request limits. Every refusal is
 * a 400 with -102, and nothing is stored: no file on disk, no row.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import multipartPlugin from '@fastify/multipart';
import { forgetProcessConfig } from '../config/processConfig';
import Fastify from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { fail, ok } from '../envelope';
import { ApiError } from '../envelope';
import { databaseTargets } from '../testing/testDatabases';
import { readPhoto } from '../testing/testPhotos';
import { multipart, startTestServer, type TestServer } from '../testing/testServer';
import { multipartCases } from './fuzzCases';
import { forgedJpeg, truncatedJpeg, truncatedPng } from './imageFixtures';
import { withReceivedUpload } from './receiveUpload';
import { checkZipFile } from './zipCheck';
import { buildZip, deflatedZip, zipBomb } from './zipFixtures';

const target = databaseTargets()[0];

describe('upload routes refuse hostile uploads and store nothing', () => {
  let store: Awaited<ReturnType<typeof target.make>>;
  let server: TestServer;
  let photo: Buffer;
  let small: Buffer;

  beforeAll(async () => {
    store = await target.make();
    server = await startTestServer(store, { workers: 0 });
    photo = await readPhoto('chelsea');
    small = await sharp(photo).resize(64).jpeg().toBuffer();
  });
  afterAll(async () => {
    await server?.close();
    await store?.cleanup();
  });

  const stored = async () => {
    const rows = Number((await server.runtime.db.query<{ n: string }>('select count(*) as n from files')).rows[0].n);
    const files = await readdir(path.join(store.dataDir, 'files'), { recursive: true }).catch(() => []);
    return { rows, files: files.sort() };
  };
  const send = (url: string, parts: Parameters<typeof multipart>[0]) => server.app.inject({ method: 'POST', url, ...multipart(parts) });
  const expectInvalid = (res: { statusCode: number; json(): unknown }, msg: RegExp) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ resultCode: ResultCode.PARAMS_INVALID, msg: expect.stringMatching(msg) });
  };

  it('answers every malformed multipart shape (12+ per route) with 400 and -102', async () => {
    const before = await stored();
    const cases = multipartCases({ photo: small, forgedJpeg: await forgedJpeg(), truncatedPng: await truncatedPng() });
    expect(cases.length).toBeGreaterThanOrEqual(36);
    for (const c of cases) {
      const res = await server.app.inject({ method: 'POST', url: c.url, headers: c.headers, payload: c.payload });
      expect({ name: c.name, status: res.statusCode, code: res.json().resultCode }).toEqual({ name: c.name, status: 400, code: ResultCode.PARAMS_INVALID });
    }
    expect(await stored()).toEqual(before);
  }, 60_000);

  it('refuses a 64×48 JPEG whose header claims 7000×7000, and truncated PNGs and JPEGs, alone or in a batch', async () => {
    const before = await stored();
    expectInvalid(await send('/api/upload', [{ name: 'file', value: await forgedJpeg(), filename: 'forged.jpg' }]), /damaged or incomplete/);
    expectInvalid(await send('/api/upload', [{ name: 'file', value: await truncatedPng(), filename: 'cut.png' }]), /damaged or incomplete/);
    expectInvalid(await send('/api/upload', [{ name: 'file', value: await truncatedJpeg(), filename: 'cut.jpg' }]), /damaged or incomplete/);
    const batch = await send('/api/upload/batch', [
      { name: 'file', value: small, filename: 'ok.jpg' },
      { name: 'file', value: await forgedJpeg(), filename: 'forged.jpg' },
      { name: 'file', value: small, filename: 'never-read.jpg' },
    ]);
    expectInvalid(batch, /^file 2 \(forged\.jpg\): the image file is damaged/);
    expect(await stored()).toEqual(before);
    // The untouched original still passes.
    expect((await send('/api/upload', [{ name: 'file', value: photo, filename: 'a.jpg' }])).json()).toMatchObject({
      resultCode: 100,
      data: { width: 451, height: 300 },
    });
  });

  it('names the limit a batch of 51 files or a 31 MB file passes', async () => {
    const before = await stored();
    const many = Array.from({ length: 51 }, (_, i) => ({ name: 'file', value: small, filename: `${i}.jpg` }));
    expectInvalid(await send('/api/upload/batch', many), /^at most 50 files per upload$/);
    const huge = Buffer.concat([small, Buffer.alloc(31 * 1024 * 1024)]);
    expectInvalid(
      await send('/api/upload/batch', [
        { name: 'file', value: small, filename: 'a.jpg' },
        { name: 'file', value: huge, filename: 'b.jpg' },
      ]),
      /larger than 30 MB/,
    );
    expect(await stored()).toEqual(before);
  });

  it('refuses ZIP bombs, lying size headers and unsafe names, and accepts an honest ZIP', async () => {
    const before = await stored();
    const zip = (value: Buffer) => send('/api/upload/zip', [{ name: 'file', value, filename: 'a.zip' }]);
    expectInvalid(await zip(zipBomb(64 * 1024 * 1024)), /claims 64 MB, more than the 30 MB limit/);
    expectInvalid(await zip(zipBomb(8 * 1024 * 1024, { claimedSize: 0xffffffff })), /claims 4096 MB/);
    expectInvalid(await zip(zipBomb(40 * 1024 * 1024, { claimedSize: 1000 })), /larger than its header says|not an image/);
    expectInvalid(await zip(zipBomb(1024 * 1024, { entries: 20 })), /not an image/);
    // Headers may not add up to more than the total: 7 × 29.9 MB > 200 MB.
    expectInvalid(await zip(zipBomb(29.9 * 1024 * 1024, { entries: 7 })), /unpacks to more than 200 MB/);
    expectInvalid(await zip(deflatedZip([{ name: '../../escape.jpg', body: small }])), /unsafe name/);
    expectInvalid(await zip(deflatedZip([{ name: 'cut.png', body: await truncatedPng() }])), /cut\.png: the image file is damaged/);
    expect(await stored()).toEqual(before);
    const honest = await zip(
      deflatedZip([
        { name: 'a.jpg', body: small },
        { name: 'dir/b.jpg', body: small },
      ]),
    );
    expect(honest.json()).toMatchObject({ resultCode: 100, data: { entries: ['a.jpg', 'dir/b.jpg'] } });
  });
});

describe('checkZipFile', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'zipcheck-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const check = async (zip: Buffer) => {
    const file = path.join(dir, 'in.zip');
    await writeFile(file, zip);
    return checkZipFile(file, dir).then(
      (names) => names,
      (err: ApiError) => err.message,
    );
  };

  it('stops an image-looking bomb at the size its header claims', async () => {
    // A JPEG signature followed by 40 MB of zeros, claiming 1 MB: refused at 1 MB, not after 40.
    const body = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]), Buffer.alloc(40 * 1024 * 1024)]);
    const honest = deflatedZip([{ name: 'x.jpg', body }]);
    const lying = Buffer.from(honest);
    // Patch the claimed size in the central directory (offset 24 of the entry that follows the data).
    const central = lying.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    lying.writeUInt32LE(1024 * 1024, central + 24);
    expect(await check(lying)).toMatch(/larger than its header says/);
    expect(await check(honest)).toMatch(/claims 40 MB/);
  });

  it('refuses damaged archives, checksum mismatches and stored entries that lie', async () => {
    expect(await check(Buffer.from('PK\u0003\u0004 but nothing else'))).toMatch(/damaged|not a ZIP/);
    const small = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#abc' } })
      .png()
      .toBuffer();
    const stored = buildZip([{ name: 'a.png', compressed: small, method: 0, crc: 1234, compressedSize: small.length, claimedSize: small.length }]);
    expect(await check(stored)).toMatch(/checksum mismatch/);
    expect(await check(deflatedZip([{ name: 'a.png', body: small }]))).toEqual(['a.png']);
  });
});

describe('withReceivedUpload limits', () => {
  it('stops a request past its total size and removes what it had written', async () => {
    const tmpRoot = await mkdtemp(path.join(os.tmpdir(), 'recv-'));
    const app = Fastify();
    await app.register(multipartPlugin);
    app.setErrorHandler((err: Error, _req, reply) => reply.code(err instanceof ApiError ? 400 : 500).send(fail(ResultCode.PARAMS_INVALID, err.message)));
    app.post('/up', async (request) =>
      withReceivedUpload(
        request,
        async (file) => file.size,
        async ({ files }) => ok(files.map((f) => f.checked)),
        { maxRequestBytes: 250_000, tmpRoot },
      ),
    );
    const part = (i: number) => ({ name: 'file', value: Buffer.alloc(100_000, i), filename: `${i}.bin` });
    const fits = await app.inject({ method: 'POST', url: '/up', ...multipart([part(1), part(2)]) });
    expect(fits.json()).toMatchObject({ resultCode: 100, data: [100_000, 100_000] });
    const over = await app.inject({ method: 'POST', url: '/up', ...multipart([part(1), part(2), part(3)]) });
    expect(over.json()).toMatchObject({ resultCode: ResultCode.PARAMS_INVALID, msg: expect.stringMatching(/the upload is larger than .* in all/) });
    expect(await readdir(tmpRoot)).toEqual([]);
    await app.close();
    await rm(tmpRoot, { recursive: true, force: true });
  });
});

describe('uploads over a real socket', () => {
  let store: Awaited<ReturnType<typeof target.make>>;
  let server: TestServer;
  let base: string;
  let tmpRoot: string;
  const previousTmp = process.env.UPLOAD_TMP_DIR;

  beforeAll(async () => {
    tmpRoot = await mkdtemp(path.join(os.tmpdir(), 'upload-tmp-'));
    process.env.UPLOAD_TMP_DIR = tmpRoot;
    forgetProcessConfig(); // the configuration is read once; this suite changes it
    store = await target.make();
    server = await startTestServer(store, { workers: 0 });
    base = await server.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    if (previousTmp === undefined) delete process.env.UPLOAD_TMP_DIR;
    else process.env.UPLOAD_TMP_DIR = previousTmp;
    forgetProcessConfig();
    await server?.close();
    await store?.cleanup();
    await rm(tmpRoot, { recursive: true, force: true });
  });

  /** Sends `parts` as a streamed multipart request; `abortAfter` bytes cuts the connection instead of finishing. */
  function send(url: string, parts: Buffer[], abortAfter?: number): Promise<{ status: number; body: string } | 'aborted'> {
    const boundary = 'socketboundary';
    const body = Buffer.concat([
      ...parts.map((p, i) =>
        Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
          p,
          Buffer.from('\r\n'),
        ]),
      ),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${base}${url}`,
        { method: 'POST', agent: false, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length } },
        (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', (err) => (abortAfter !== undefined ? resolve('aborted') : reject(err)));
      if (abortAfter !== undefined) {
        req.write(body.subarray(0, abortAfter), () => setTimeout(() => (req.destroy(), resolve('aborted')), 100));
      } else req.end(body);
    });
  }

  it('answers a bad first file of a large batch at once, survives a cut connection, and leaves no temporary files', async () => {
    const big = Buffer.alloc(20 * 1024 * 1024, 7);
    const bad = await send('/api/upload/batch', [await forgedJpeg(), big, big, big]);
    expect(bad).toMatchObject({ status: 400 });
    expect(JSON.parse((bad as { body: string }).body)).toMatchObject({ resultCode: ResultCode.PARAMS_INVALID, msg: expect.stringMatching(/^file 1/) });
    expect(await send('/api/upload/batch', [await readPhoto('chelsea'), big], 5 * 1024 * 1024)).toBe('aborted');
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    const good = await send('/api/upload', [await readPhoto('chelsea')]);
    expect(JSON.parse((good as { body: string }).body)).toMatchObject({ resultCode: 100 });
    // Temporary folders are removed once each request ends, whether it succeeded, failed or was cut.
    for (let i = 0; i < 50 && (await readdir(tmpRoot)).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await readdir(tmpRoot)).toEqual([]);
  });
});
