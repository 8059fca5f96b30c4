/**
 * A batch survives its server: real server and worker processes (the crash-test processes of
 * queue/crashRecovery.test.ts, whose removebg stand-in takes CRASH_TEST_JOB_MS per photo) are killed with
 * SIGKILL in the middle of a batch. On PGlite the restarted server finishes it; on PostgreSQL two worker
 * processes share the photos and, when one dies, the other finishes. Every photo ends completed, each run
 * to its end exactly once, and the download holds every result.
 */
import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { BatchStatus } from '../../../engine/spec/batch';
import { completions, crash, startChild, type ChildServer } from '../testing/processHarness';
import { databaseTargets } from '../testing/testDatabases';
import { readPhoto } from '../testing/testPhotos';

const PHOTOS = 8;
const children: ChildServer[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.child.exitCode === null) c.child.kill('SIGKILL');
});
const start = async (args: string[], env: Record<string, string>) => {
  const child = await startChild('crashTestProcess.ts', args, env);
  children.push(child);
  return child;
};
const port = () => String(20000 + Math.floor(Math.random() * 20000));
const HEADERS = { 'x-device-id': 'batch_restart_device_0123456789ab' };

async function api<T>(base: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...HEADERS, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { resultCode: number; msg: string; data: T };
  if (json.resultCode !== 100) throw new Error(`${path}: ${json.resultCode} ${json.msg}`);
  return json.data;
}

async function startBatch(base: string): Promise<string> {
  const { batchId } = await api<BatchStatus>(base, '/api/batch', { tool: 'removebg', settings: {} });
  const form = new FormData();
  const photo = await sharp(await readPhoto('chelsea'))
    .resize(96)
    .jpeg()
    .toBuffer();
  for (let i = 0; i < PHOTOS; i++) form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `cat ${i}.jpg`);
  const res = await fetch(`${base}/api/batch/${batchId}/items`, { method: 'POST', headers: HEADERS, body: form });
  expect(((await res.json()) as { resultCode: number }).resultCode).toBe(100);
  await api(base, `/api/batch/${batchId}/start`, {});
  return batchId;
}

async function waitFor(what: string, seconds: number, check: () => Promise<boolean>): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (!(await check().catch(() => false))) {
    if (Date.now() > until) throw new Error(`${what}: not within ${seconds} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function expectFinished(base: string, batchId: string, dataDir: string) {
  let status!: BatchStatus;
  await waitFor('batch done', 90, async () => (status = await api<BatchStatus>(base, `/api/batch/${batchId}`)).state === 'done');
  expect(status.counts).toMatchObject({ total: PHOTOS, completed: PHOTOS, failed: 0 });
  const done = await completions(dataDir);
  expect(done).toHaveLength(PHOTOS); // each photo's task ran to its end exactly once
  const zip = await JSZip.loadAsync(await (await fetch(`${base}/api/batch/${batchId}/download`, { headers: HEADERS })).arrayBuffer());
  const names = Object.keys(zip.files).sort();
  expect(names).toEqual(Array.from({ length: PHOTOS }, (_, i) => `cat ${i}-nobg.png`).sort());
  for (const name of names) expect((await sharp(await zip.file(name)!.async('nodebuffer')).metadata()).width).toBe(96);
}

for (const target of databaseTargets()) {
  describe(`batch across a crash on ${target.name}`, () => {
    if (target.name === 'pglite') {
      it('a server killed mid-batch finishes the batch after its restart, every photo once', async () => {
        const store = await target.make();
        try {
          const env = { DATA_DIR: store.dataDir, PORT: port(), WORKERS: '2', CRASH_TEST_JOB_MS: '700', DATABASE_URL: '' };
          const base = `http://127.0.0.1:${env.PORT}`;
          const first = await start(['server'], env);
          const batchId = await startBatch(base);
          await waitFor('two photos completed', 60, async () => (await api<BatchStatus>(base, `/api/batch/${batchId}`)).counts.completed >= 2);
          const before = await api<BatchStatus>(base, `/api/batch/${batchId}`);
          await crash(first);
          expect(before.counts.completed).toBeLessThan(PHOTOS);
          await start(['server'], env);
          await expectFinished(base, batchId, store.dataDir);
        } finally {
          await store.cleanup();
        }
      }, 150_000);
    } else {
      it('two worker processes share a batch; one killed mid-batch, the other finishes it, every photo once', async () => {
        const store = await target.make();
        try {
          const env = { DATA_DIR: store.dataDir, DATABASE_URL: store.databaseUrl!, CRASH_TEST_JOB_MS: '700' };
          const web = { ...env, PORT: port(), WORKERS: '0' };
          const base = `http://127.0.0.1:${web.PORT}`;
          await start(['server'], web);
          const doomed = await start(['worker'], { ...env, WORKERS: '1' });
          const survivor = await start(['worker'], { ...env, WORKERS: '1' });
          const batchId = await startBatch(base);
          const workersDone = async () =>
            new Set(
              (await readFile(`${store.dataDir}/completions.log`, 'utf8').catch(() => ''))
                .trim()
                .split('\n')
                .map((l) => l.split(' ')[1]),
            );
          // Both processes took photos of the one batch before one of them dies.
          await waitFor('both workers completed a photo', 60, async () => (await workersDone()).size === 2);
          expect(await workersDone()).toEqual(new Set([String(doomed.child.pid), String(survivor.child.pid)]));
          expect((await api<BatchStatus>(base, `/api/batch/${batchId}`)).counts.completed).toBeLessThan(PHOTOS);
          await crash(doomed);
          await expectFinished(base, batchId, store.dataDir);
        } finally {
          await store.cleanup();
        }
      }, 150_000);
    }
  });
}
