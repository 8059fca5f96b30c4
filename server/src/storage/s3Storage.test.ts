/**
 * S3-compatible storage against a real S3-protocol server (s3rver on 127.0.0.1, started here):
 * the FileStorage contract, presigned GETs of results, and the whole app (upload → task → result
 * → download → retention delete) with every byte in the bucket and none on local disk.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { buildApp } from '../app';
import { createRuntime, type Runtime } from '../runtime';
import { databaseTargets } from '../testing/testDatabases';
import { readPhoto } from '../testing/testPhotos';
import { startTestS3, type TestS3 } from '../testing/testS3';
import { invertProcessor, multipart } from '../testing/testServer';
import { sweepExpired } from './retention';
import { S3Storage } from './s3Storage';
import { createFileStorage } from './createFileStorage';
import { directFileOrigin, loadStorageConfig } from '../config/storageConfig';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.close();
});

const s3With = (extra: Record<string, string> = {}) => {
  const config = loadStorageConfig({ ...s3.env, ...extra });
  if (config.kind !== 's3') throw new Error('expected an S3 configuration');
  const { kind: _kind, ...options } = config;
  return new S3Storage(options);
};

describe('S3Storage on an S3-protocol server', () => {
  it('puts, gets, checks and deletes objects; a missing key reads as null', async () => {
    const storage = s3With();
    const body = Buffer.from('not really a png, but bytes are bytes');
    await storage.put('uploads/web/2026/11/24/a.png', body, 'image/png');
    expect(await storage.exists('uploads/web/2026/11/24/a.png')).toBe(true);
    expect(await storage.get('uploads/web/2026/11/24/a.png')).toEqual({ body, contentType: 'image/png' });
    await storage.delete('uploads/web/2026/11/24/a.png');
    expect(await storage.exists('uploads/web/2026/11/24/a.png')).toBe(false);
    expect(await storage.get('uploads/web/2026/11/24/a.png')).toBeNull();
    await storage.delete('uploads/web/2026/11/24/a.png'); // deleting twice is fine (retention may retry)
    expect(await storage.get('../etc/passwd')).toBeNull();
    await expect(storage.put('../escape.png', body, 'image/png')).rejects.toThrow(/invalid storage key/);
  });

  it('keeps installs apart with S3_PREFIX', async () => {
    const a = s3With({ S3_PREFIX: 'site-a' });
    const b = s3With({ S3_PREFIX: 'site-b' });
    await a.put('results/x.png', Buffer.from('a'), 'image/png');
    expect(await b.exists('results/x.png')).toBe(false);
    expect((await a.get('results/x.png'))?.body.toString()).toBe('a');
  });

  it('is refused with an unknown access key', async () => {
    // s3rver checks the key id and a presigned URL's expiry; unlike AWS it does not recompute V4 signatures.
    const storage = s3With({ S3_ACCESS_KEY_ID: 'NOT-A-KEY' });
    await expect(storage.put('uploads/x.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/Access Key Id/);
  });

  it('presigns GETs for results only, and only when S3_PRESIGN_EXPIRY is set', async () => {
    const storage = s3With({ S3_PRESIGN_EXPIRY: '300' });
    await storage.put('results/2026/11/24/t1.png', Buffer.from('result bytes'), 'image/png');
    const url = await storage.directUrl('results/2026/11/24/t1.png');
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/lumacut-test\/results\/2026\/11\/24\/t1\.png\?.*X-Amz-Expires=300/);
    const res = await fetch(url!);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('result bytes');
    const short = s3With({ S3_PRESIGN_EXPIRY: '1' });
    const expiring = (await short.directUrl('results/2026/11/24/t1.png'))!;
    await new Promise((r) => setTimeout(r, 2100));
    expect((await fetch(expiring)).status).toBe(403); // "Request has expired"
    expect(await storage.directUrl('uploads/web/a.png')).toBeNull();
    expect(await s3With().directUrl('results/2026/11/24/t1.png')).toBeNull();
  });

  it('names the origin presigned URLs point at, for the Content-Security-Policy', async () => {
    const cases: Record<string, string>[] = [
      { ...s3.env, S3_PRESIGN_EXPIRY: '60' },
      { S3_BUCKET: 'photos', S3_REGION: 'eu-west-3', S3_PRESIGN_EXPIRY: '60' },
      { S3_BUCKET: 'photos', S3_REGION: 'eu-west-3', S3_FORCE_PATH_STYLE: '1', S3_PRESIGN_EXPIRY: '60' },
      { S3_BUCKET: 'photos', S3_ENDPOINT: 'https://minio.example.org:9000', S3_FORCE_PATH_STYLE: '0', S3_PRESIGN_EXPIRY: '60' },
    ];
    for (const env of cases) {
      const config = loadStorageConfig({ S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', ...env });
      // Presigning needs no network, so the SDK's own URL is the reference.
      const url = await (createFileStorage(config, '/nowhere') as S3Storage).directUrl('results/a.png');
      expect(directFileOrigin(config)).toBe(new URL(url!).origin);
    }
    expect(directFileOrigin(loadStorageConfig(s3.env))).toBeNull();
    expect(directFileOrigin({ kind: 'local' })).toBeNull();
  });

  it('refuses half a configuration with a clear message', () => {
    expect(loadStorageConfig({})).toEqual({ kind: 'local' });
    expect(() => loadStorageConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/without S3_BUCKET/);
    expect(() => loadStorageConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/set together/);
    expect(() => loadStorageConfig({ S3_BUCKET: 'b', S3_PRESIGN_EXPIRY: 'soon' })).toThrow(/S3_PRESIGN_EXPIRY/);
    expect(loadStorageConfig({ S3_BUCKET: 'b' })).toMatchObject({ kind: 's3', region: 'us-east-1', endpoint: null, forcePathStyle: false });
  });
});

describe('the app with files in S3', () => {
  const [pglite] = databaseTargets();
  let store: Awaited<ReturnType<typeof pglite.make>>;
  let runtime: Runtime;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let bucket: S3Storage;

  beforeAll(async () => {
    store = await pglite.make();
    bucket = s3With(); // a second client: what any other node would see in the bucket
    runtime = await createRuntime({
      config: { dataDir: store.dataDir, databaseUrl: null, queueSchema: 'pgboss' },
      pgliteDir: store.pgliteDir,
      processors: { removebg: invertProcessor },
      storage: createFileStorage(loadStorageConfig({ ...s3.env, S3_PRESIGN_EXPIRY: '300' }), store.dataDir),
    });
    await runtime.startWorkers(1);
    app = await buildApp({ config: { publicUrl: null, webDir: path.join(store.dataDir, 'web'), workers: 1 }, ...runtime });
  });
  afterAll(async () => {
    await app?.close();
    await runtime?.close();
    await store?.cleanup();
  });

  const post = (url: string, body: object) => app.inject({ method: 'POST', url, payload: body });
  const keyOf = (url: string) => new URL(url, 'http://localhost').pathname.replace(/^\/files\//, '');

  it('stores the upload and the result in the bucket, serves both, and presigns the result', async () => {
    const photo = await readPhoto('chelsea');
    const up = await app.inject({
      method: 'POST',
      url: '/api/upload',
      ...multipart([{ name: 'file', value: photo, filename: 'chelsea.jpg', type: 'image/jpeg' }]),
    });
    expect(up.json().resultCode).toBe(100);
    const fileUrl: string = up.json().data.fileUrl;
    expect((await bucket.get(keyOf(fileUrl)))?.body.equals(photo)).toBe(true);
    expect(existsSync(path.join(store.dataDir, 'files'))).toBe(false); // nothing on local disk

    const served = await app.inject({ method: 'GET', url: new URL(fileUrl).pathname });
    expect(served.statusCode).toBe(200); // uploads stay behind the app
    expect(served.rawPayload.equals(photo)).toBe(true);

    const taskId: string = (await post('/api/task/removebg', { imgUrl: fileUrl })).json().data.taskId;
    let entry: { resultCode: number; data?: { resultUrl: string } } = { resultCode: ResultCode.GPU_TASK_UNFINISHED };
    for (let i = 0; i < 150 && entry.resultCode === ResultCode.GPU_TASK_UNFINISHED; i++) {
      await new Promise((r) => setTimeout(r, 200));
      entry = (await post('/api/task/removebg/status', { taskId })).json().data.result[taskId];
    }
    expect(entry.resultCode).toBe(100);
    const resultKey = keyOf(entry.data!.resultUrl);
    const stored = await bucket.get(resultKey);
    expect(stored?.contentType).toBe('image/png');

    const res = await app.inject({ method: 'GET', url: `/files/${resultKey}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.location).toContain(`${s3.endpoint}/${s3.bucket}/${resultKey}?`);
    const direct = await fetch(res.headers.location as string);
    expect(Buffer.from(await direct.arrayBuffer()).equals(stored!.body)).toBe(true);
    expect((await sharp(stored!.body).metadata()).width).toBe(451);

    const download = await app.inject({ method: 'GET', url: `/api/download?fileUrl=${encodeURIComponent(`/files/${resultKey}`)}` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(stored!.body)).toBe(true);

    // Both files have a `files` row, so retention deletes them from the bucket when they expire.
    const { rows } = await runtime.db.query<{ key: string }>('select key from files order by key');
    expect(rows.map((r) => r.key).sort()).toEqual([resultKey, keyOf(fileUrl)].sort());
    const report = await sweepExpired(runtime.db, runtime.storage, 3600_000, new Date(Date.now() + 2 * 3600_000));
    expect(report.files).toBe(2);
    expect(await bucket.exists(keyOf(fileUrl))).toBe(false);
    expect(await bucket.exists(resultKey)).toBe(false);
    expect((await app.inject({ method: 'GET', url: new URL(fileUrl).pathname })).statusCode).toBe(404);
  });
});
