/**
 * "Scaling out" (README): a web node and a worker node on different machines share nothing but
 * PostgreSQL and an S3 bucket. Here the web node runs in this process with no workers and its own
 * data folder; the worker node is a separate `npm run worker` process (server/src/workerMain.ts) with
 * another data folder, the real processors, and the same DATABASE_URL and S3_* variables. Needs
 * DATABASE_URL (a PostgreSQL server), as the embedded PGlite database belongs to one process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { buildApp } from '../app';
import { PROJECT_ROOT } from '../config';
import { createRuntime, type Runtime } from '../runtime';
import { databaseTargets } from '../testing/testDatabases';
import { readPhoto } from '../testing/testPhotos';
import { startTestS3, type TestS3 } from '../testing/testS3';
import { multipart } from '../testing/testServer';
import { createFileStorage } from './createFileStorage';
import { loadStorageConfig } from '../config/storageConfig';

const postgres = databaseTargets().find((t) => t.name === 'postgres');

describe.skipIf(!postgres)('a web node and a worker process sharing PostgreSQL and S3', () => {
  let s3: TestS3;
  let store: Awaited<ReturnType<NonNullable<typeof postgres>['make']>>;
  let web: Runtime;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let worker: ChildProcess;
  let workerDataDir: string;
  let workerLog = '';

  beforeAll(async () => {
    s3 = await startTestS3();
    store = await postgres!.make();
    web = await createRuntime({
      config: { dataDir: store.dataDir, databaseUrl: store.databaseUrl, queueSchema: 'pgboss' },
      storage: createFileStorage(loadStorageConfig(s3.env), store.dataDir),
    });
    app = await buildApp({ config: { publicUrl: null, webDir: path.join(store.dataDir, 'web'), workers: 0 }, ...web });
    workerDataDir = await mkdtemp(path.join(os.tmpdir(), 'lumacut-worker-'));
    worker = spawn(process.execPath, ['--import', 'tsx', 'server/src/workerMain.ts'], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...s3.env, DATABASE_URL: store.databaseUrl!, DATA_DIR: workerDataDir, WORKERS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const started = new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        workerLog += chunk.toString();
        if (/worker started/.test(workerLog)) resolve();
      };
      worker.stdout!.on('data', onData);
      worker.stderr!.on('data', onData);
      worker.on('exit', (code) => reject(new Error(`worker exited with ${code}: ${workerLog}`)));
    });
    await started;
  }, 120_000);

  afterAll(async () => {
    if (worker && worker.exitCode === null) {
      const exited = new Promise((r) => worker.once('exit', r));
      worker.kill('SIGTERM');
      await exited;
    }
    await app?.close();
    await web?.close();
    await store?.cleanup();
    await s3?.close();
    if (workerDataDir) await rm(workerDataDir, { recursive: true, force: true });
  }, 60_000);

  it('uploads on the web node, cuts out on the worker process, and serves the result from the bucket', async () => {
    const photo = await readPhoto('chelsea');
    const up = await app.inject({
      method: 'POST',
      url: '/api/upload',
      ...multipart([{ name: 'file', value: photo, filename: 'chelsea.jpg', type: 'image/jpeg' }]),
    });
    const fileUrl: string = up.json().data.fileUrl;
    const taskId: string = (await app.inject({ method: 'POST', url: '/api/task/removebg', payload: { imgUrl: fileUrl } })).json().data.taskId;
    let entry = { resultCode: ResultCode.GPU_TASK_UNFINISHED as number, data: { resultUrl: '' } };
    for (let i = 0; i < 240 && entry.resultCode === ResultCode.GPU_TASK_UNFINISHED; i++) {
      await new Promise((r) => setTimeout(r, 250));
      entry = (await app.inject({ method: 'POST', url: '/api/task/removebg/status', payload: { taskId } })).json().data.result[taskId];
    }
    expect(entry.resultCode, workerLog).toBe(ResultCode.SUCCESS);
    const result = await app.inject({ method: 'GET', url: new URL(entry.data.resultUrl).pathname });
    expect(result.statusCode).toBe(200);
    const meta = await sharp(result.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', 451, 300, true]);
    // Neither node kept a file on its own disk: the bucket is the only place both can read.
    expect(existsSync(path.join(store.dataDir, 'files'))).toBe(false);
    expect(existsSync(path.join(workerDataDir, 'files'))).toBe(false);
    // The worker recorded the result's `files` row in the shared database, so retention on any node finds it.
    const { rows } = await web.db.query('select key from files where key = $1', [new URL(entry.data.resultUrl).pathname.slice('/files/'.length)]);
    expect(rows).toHaveLength(1);
  }, 90_000);
});
