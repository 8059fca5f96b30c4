/**
 * Graceful shutdown (issue 16, item 10): SIGTERM lets running jobs finish within
 * SHUTDOWN_GRACE_SECONDS and queues the rest again at once, instead of leaving them to a lease.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { databaseTargets } from '../testing/testDatabases';
import { completions, startChild, type ChildServer } from '../testing/processHarness';
import { readPhoto } from '../testing/testPhotos';

const [pglite] = databaseTargets();
const children: ChildServer[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.child.exitCode === null) c.child.kill('SIGKILL');
});

async function submit(base: string): Promise<string> {
  const form = new FormData();
  form.append('data', JSON.stringify({ func: 'removebg', fileType: 'image', subDir: 'web' }));
  form.append('file', new Blob([new Uint8Array(await readPhoto('chelsea'))], { type: 'image/jpeg' }), 'photo.jpg');
  const up = (await (await fetch(`${base}/api/upload`, { method: 'POST', body: form })).json()) as { data: { fileUrl: string } };
  const res = await fetch(`${base}/api/task/removebg`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ imgUrl: up.data.fileUrl }),
  });
  return ((await res.json()) as { data: { taskId: string } }).data.taskId;
}

async function waitRunning(base: string, id: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    const res = await fetch(`${base}/api/task/removebg/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ taskId: id }),
    });
    const entry = ((await res.json()) as { data: { result: Record<string, { data: { status: string; progress: number } }> } }).data.result[id];
    if (entry.data.status === 'running' && entry.data.progress > 0) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the job never started');
}

async function taskRow(dataDir: string, id: string) {
  const db = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pglite') });
  try {
    return (await db.query<{ status: string; attempts: number; worker_id: string | null }>('select status, attempts, worker_id from tasks where id = $1', [id]))
      .rows[0];
  } finally {
    await db.close();
  }
}

describe('graceful shutdown on SIGTERM', () => {
  it('lets a running job finish before the process exits', async () => {
    const store = await pglite.make();
    try {
      const env = {
        DATA_DIR: store.dataDir,
        PORT: String(20000 + Math.floor(Math.random() * 20000)),
        WORKERS: '1',
        CRASH_TEST_JOB_MS: '2500',
        SHUTDOWN_GRACE_SECONDS: '30',
        DATABASE_URL: '',
      };
      const server = await startChild('crashTestProcess.ts', ['server'], env);
      children.push(server);
      const id = await submit(`http://127.0.0.1:${env.PORT}`);
      await waitRunning(`http://127.0.0.1:${env.PORT}`, id);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(await completions(store.dataDir)).toEqual([id]);
      expect(await taskRow(store.dataDir, id)).toMatchObject({ status: 'done' });
    } finally {
      await store.cleanup();
    }
  }, 90_000);

  it('queues a job that outlasts the grace period again, without counting the attempt', async () => {
    const store = await pglite.make();
    try {
      const env = {
        DATA_DIR: store.dataDir,
        PORT: String(20000 + Math.floor(Math.random() * 20000)),
        WORKERS: '1',
        CRASH_TEST_JOB_MS: '20000',
        SHUTDOWN_GRACE_SECONDS: '1',
        DATABASE_URL: '',
      };
      const server = await startChild('crashTestProcess.ts', ['server'], env);
      children.push(server);
      const id = await submit(`http://127.0.0.1:${env.PORT}`);
      await waitRunning(`http://127.0.0.1:${env.PORT}`, id);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      // The 20 s job never completed: the server stopped at the end of its 1 s grace, not the job's.
      expect(await completions(store.dataDir)).toEqual([]);
      expect(await taskRow(store.dataDir, id)).toMatchObject({ status: 'queued', attempts: 0, worker_id: null });
    } finally {
      await store.cleanup();
    }
  }, 90_000);
});
