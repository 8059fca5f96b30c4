/**
 * Issue 15, item 4: a heavy job queued by this process starts at once (it used to wait for the next of
 * pg-boss's polls, 0.5 s apart), an idle worker pool polls the database rarely (it was 4 times a second
 * for two heavy loops), and a job queued by another process still starts within IDLE_POLL_MAX_MS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database';
import { databaseTargets } from '../testing/testDatabases';
import { IDLE_POLL_MAX_MS, createJobQueue, type JobQueue, type TaskJobData } from './jobQueue';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const [pglite] = databaseTargets();

describe('heavy queue pickup and idle polling', () => {
  let store: Awaited<ReturnType<typeof pglite.make>>;
  let db: Database;
  let fetchQueries = 0;
  /** This process's queue (default polling). */
  let local: JobQueue;
  /** Another process's queue on the same database (an API-only process): it only submits. */
  let other: JobQueue;
  /** A queue (its own schema) that polls every 60 s: only a wake-up can start its jobs within the test. */
  let sleepy: JobQueue;
  const started: Array<{ taskId: string; at: number }> = [];
  const startedWithin = async (taskId: string, ms: number) => {
    const queuedAt = performance.now();
    while (performance.now() - queuedAt < ms && !started.some((s) => s.taskId === taskId)) await sleep(10);
    return started.find((s) => s.taskId === taskId);
  };

  beforeAll(async () => {
    store = await pglite.make();
    const inner = await openDatabase({ databaseUrl: null, pgliteDir: store.pgliteDir });
    // Counts pg-boss's job fetches (the only statements that claim with SKIP LOCKED).
    db = {
      ...inner,
      kind: inner.kind,
      transaction: inner.transaction.bind(inner),
      exec: inner.exec.bind(inner),
      close: inner.close.bind(inner),
      query: (sql, params) => {
        if (/skip locked/i.test(sql)) fetchQueries++;
        return inner.query(sql, params);
      },
    };
    local = await createJobQueue(db, { schema: 'pgboss', supervise: false });
    other = await createJobQueue(db, { schema: 'pgboss', supervise: false });
    await local.work(2, async (data: TaskJobData) => {
      started.push({ taskId: data.taskId, at: performance.now() });
    });
    await local.workLight(2, 4, async () => undefined);
    sleepy = await createJobQueue(db, { schema: 'pgboss_sleepy', supervise: false, pollingIntervalSeconds: 60 });
    await sleepy.work(1, async (data: TaskJobData) => {
      started.push({ taskId: data.taskId, at: performance.now() });
    });
  }, 60_000);
  afterAll(async () => {
    await local?.stop();
    await other?.stop();
    await sleepy?.stop();
    await db?.close();
    await store?.cleanup();
  });

  it('polls rarely while idle: the interval backs off to IDLE_POLL_MAX_MS', async () => {
    await sleep(500);
    const before = fetchQueries;
    await sleep(4000);
    // Two heavy loops and the light loop at 0.5 s made 24 fetches in 4 s; one heavy and one light loop
    // backing off to 2 s make about 4.
    expect(fetchQueries - before).toBeGreaterThanOrEqual(2);
    expect(fetchQueries - before).toBeLessThanOrEqual(8);
  }, 20_000);

  it('starts a heavy job queued by this process at once, without waiting for a poll', async () => {
    await sleep(300); // the first poll found nothing: the next is 60 s away
    for (const taskId of ['local-1', 'local-2']) {
      await sleepy.enqueue('removebg', { taskId });
      expect(await startedWithin(taskId, 5000)).toBeDefined();
    }
  }, 30_000);

  it('starts a job queued by another process within IDLE_POLL_MAX_MS', async () => {
    await sleep(IDLE_POLL_MAX_MS + 500); // idle long enough to poll at the longest interval
    await other.enqueue('removebg', { taskId: 'other-1' });
    expect(await startedWithin('other-1', IDLE_POLL_MAX_MS + 500)).toBeDefined();
  }, 20_000);
});
