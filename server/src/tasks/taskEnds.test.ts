import { afterEach, describe, expect, it, vi } from 'vitest';
import { TaskEnds, taskEnds } from './taskEnds';
import { TaskRepository } from './taskRepository';
import { WorkerTaskRepository } from './workerTaskRepository';

describe('TaskEnds: the wake-up of waiting status requests', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves a wait when one of its tasks is announced, and only then', async () => {
    vi.useFakeTimers();
    const ends = new TaskEnds();
    let woke = false;
    const wait = ends.waitForAny(['a', 'b'], 5000).then(() => (woke = true));
    ends.announce(['c']);
    await vi.advanceTimersByTimeAsync(100);
    expect(woke).toBe(false);
    ends.announce(['b']);
    await wait;
    expect(woke).toBe(true);
    expect(ends.waiting).toBe(0);
  });

  it('resolves after its time, or when the client goes away, leaving nothing registered', async () => {
    vi.useFakeTimers();
    const ends = new TaskEnds();
    let timedOut = false;
    void ends.waitForAny(['a'], 300).then(() => (timedOut = true));
    await vi.advanceTimersByTimeAsync(299);
    expect(timedOut).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(timedOut).toBe(true);
    const gone = new AbortController();
    const aborted = ends.waitForAny(['a', 'b'], 5000, gone.signal);
    expect(ends.waiting).toBe(2);
    gone.abort();
    await aborted;
    expect(ends.waiting).toBe(0);
  });

  it('wakes every request waiting on the same task', async () => {
    const ends = new TaskEnds();
    const both = Promise.all([ends.waitForAny(['a'], 5000), ends.waitForAny(['a', 'z'], 5000)]);
    ends.announce(['a']);
    await both;
    expect(ends.waiting).toBe(0);
  });

  it("every statement that ends a task announces it: finish, fail, cancel, and a light group's finish", async () => {
    const db = { query: async () => ({ rows: [] }) } as never;
    const worker = new WorkerTaskRepository(db, 'w1');
    const plain = new TaskRepository(db);
    const ends: Array<[string, () => Promise<unknown>]> = [
      ['a', () => worker.finish('a', '/files/results/a.png')],
      ['b', () => worker.fail('b', -1003, 'no')],
      ['c', () => worker.finishMany([{ id: 'c', resultUrl: '/files/results/c.png' }])],
      ['d', () => plain.finish('d', '/files/results/d.png')],
      ['e', () => plain.fail('e', -1003, 'no')],
      ['f', () => plain.cancel('f')],
    ];
    for (const [id, end] of ends) {
      const wait = taskEnds.waitForAny([id], 60_000).then(() => 'woke');
      await end();
      expect(await Promise.race([wait, new Promise((r) => setTimeout(() => r('not announced'), 1000))]), id).toBe('woke');
    }
    expect(taskEnds.waiting).toBe(0);
  });
});
