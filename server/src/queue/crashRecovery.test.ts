/**
 * Finding 1 of issue 16: a job whose worker was killed (`kill -9`) waited 10 minutes for the
 * queue's expiry. Now the worker's lease lapses in seconds and the job runs again elsewhere.
 * These tests kill real server and worker processes with SIGKILL in the middle of jobs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { databaseTargets } from '../testing/testDatabases';
import { completions, crash, startChild, type ChildServer } from '../testing/processHarness';
import { readPhoto } from '../testing/testPhotos';

const JOBS = 5;
const children: ChildServer[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.child.exitCode === null) c.child.kill('SIGKILL');
});

async function start(script: string, args: string[], env: Record<string, string>) {
  const child = await startChild(script, args, env);
  children.push(child);
  return child;
}

async function submitJobs(base: string): Promise<string[]> {
  const form = new FormData();
  form.append('data', JSON.stringify({ func: 'removebg', fileType: 'image', subDir: 'web' }));
  form.append('file', new Blob([new Uint8Array(await readPhoto('chelsea'))], { type: 'image/jpeg' }), 'photo.jpg');
  const up = (await (await fetch(`${base}/api/upload`, { method: 'POST', body: form })).json()) as { data: { fileUrl: string } };
  const ids: string[] = [];
  for (let i = 0; i < JOBS; i++) {
    const res = await fetch(`${base}/api/task/removebg`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ imgUrl: up.data.fileUrl }),
    });
    ids.push(((await res.json()) as { data: { taskId: string } }).data.taskId);
  }
  return ids;
}

type Entry = { resultCode: number; data: { status: string; progress: number } | null };
async function statuses(base: string, ids: string[]): Promise<Record<string, Entry>> {
  const res = await fetch(`${base}/api/task/removebg/status`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ taskId: ids.join(',') }),
  });
  return ((await res.json()) as { data: { result: Record<string, Entry> } }).data.result;
}

async function waitUntil(what: string, seconds: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > seconds * 1000) throw new Error(`${what}: not within ${seconds} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return (Date.now() - start) / 1000;
}

const running = async (base: string, ids: string[]) =>
  Object.values(await statuses(base, ids)).some((e) => e.data?.status === 'running' && e.data.progress > 0);

/** Every job done within 60 s of the crash, each run to completion exactly once. */
async function expectAllDoneOnce(base: string, ids: string[], dataDir: string, killedAt: number) {
  await waitUntil('all jobs ended', 60 - (Date.now() - killedAt) / 1000, async () =>
    Object.values(await statuses(base, ids)).every((e) => e.resultCode !== ResultCode.GPU_TASK_UNFINISHED),
  );
  const ended = (Date.now() - killedAt) / 1000;
  const final = await statuses(base, ids);
  for (const id of ids) expect(final[id], id).toMatchObject({ resultCode: ResultCode.SUCCESS, data: { status: 'done' } });
  const done = await completions(dataDir);
  for (const id of ids)
    expect(
      done.filter((d) => d === id),
      `runs of ${id} that completed`,
    ).toHaveLength(1);
  expect(done).toHaveLength(ids.length);
  return ended;
}

const port = () => String(20000 + Math.floor(Math.random() * 20000));

for (const target of databaseTargets()) {
  describe(`crash recovery on ${target.name}`, () => {
    if (target.name === 'pglite') {
      it('a server killed with SIGKILL during jobs finishes every job after its restart, each exactly once', async () => {
        const store = await target.make();
        try {
          const env = { DATA_DIR: store.dataDir, PORT: port(), WORKERS: '2', CRASH_TEST_JOB_MS: '2500', DATABASE_URL: '' };
          const base = `http://127.0.0.1:${env.PORT}`;
          const first = await start('crashTestProcess.ts', ['server'], env);
          const ids = await submitJobs(base);
          await waitUntil('a job running', 30, () => running(base, ids));
          await crash(first);
          const killedAt = Date.now();
          await start('crashTestProcess.ts', ['server'], env);
          const seconds = await expectAllDoneOnce(base, ids, store.dataDir, killedAt);
          console.log(`PGlite: all ${JOBS} jobs done ${seconds.toFixed(1)} s after the kill`);
        } finally {
          await store.cleanup();
        }
      }, 120_000);
    } else {
      it('a worker process killed with SIGKILL mid-job: another worker finishes every job within 60 s, each exactly once', async () => {
        const store = await target.make();
        try {
          const env = { DATA_DIR: store.dataDir, DATABASE_URL: store.databaseUrl!, CRASH_TEST_JOB_MS: '2500' };
          const web = { ...env, PORT: port(), WORKERS: '0' };
          const base = `http://127.0.0.1:${web.PORT}`;
          await start('crashTestProcess.ts', ['server'], web);
          const doomed = await start('crashTestProcess.ts', ['worker'], { ...env, WORKERS: '2' });
          const ids = await submitJobs(base);
          await waitUntil('a job running', 30, () => running(base, ids));
          await crash(doomed);
          const killedAt = Date.now();
          await start('crashTestProcess.ts', ['worker'], { ...env, WORKERS: '2' });
          const seconds = await expectAllDoneOnce(base, ids, store.dataDir, killedAt);
          console.log(`PostgreSQL: all ${JOBS} jobs done ${seconds.toFixed(1)} s after the worker was killed`);
        } finally {
          await store.cleanup();
        }
      }, 120_000);
    }
  });
}
