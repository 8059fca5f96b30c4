import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextIdleMs, startFetchLoop, type FetchLoop } from './fetchLoop';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A queue in memory: jobs pushed to `jobs` are claimed by the loop's fetches. */
function memoryQueue(jobs: string[] = [], runMs = 0) {
  const started: Array<{ job: string; at: number }> = [];
  let running = 0;
  let mostAtOnce = 0;
  return {
    jobs,
    started,
    get mostAtOnce() {
      return mostAtOnce;
    },
    fetch: async (free: number) => jobs.splice(0, free).map((j) => [j]),
    run: async ([job]: string[]) => {
      started.push({ job, at: performance.now() });
      mostAtOnce = Math.max(mostAtOnce, ++running);
      await sleep(runMs);
      running--;
    },
  };
}

let loop: FetchLoop | null = null;
afterEach(async () => {
  await loop?.stop();
  loop = null;
});

describe('the queue fetch loop', () => {
  it('starts a job queued here at once, without waiting out the idle interval', async () => {
    // Fake timers: the clock only moves when the test moves it, so the job starting while it stands
    // still proves the loop did not wait out its 5 s idle sleep (no wall-clock bound needed).
    vi.useFakeTimers();
    try {
      const q = memoryQueue();
      loop = startFetchLoop({ slots: 1, idleMs: { min: 5000, max: 5000 }, fetch: q.fetch, run: q.run });
      await vi.advanceTimersByTimeAsync(50); // the first fetch found nothing: the loop sleeps for 5 s
      q.jobs.push('a');
      loop.wake();
      await vi.advanceTimersByTimeAsync(0);
      expect(q.started.map((s) => s.job)).toEqual(['a']);
      await loop.stop();
      loop = null;
    } finally {
      vi.useRealTimers();
    }
  });

  it('fetches again when woken while a fetch that missed the job was under way', async () => {
    // Fake timers: the 5 s idle sleep never elapses, so only the wake-up can start the late job.
    vi.useFakeTimers();
    try {
      const q = memoryQueue();
      let fetching: () => void = () => undefined;
      const fetched = new Promise<void>((r) => (fetching = r));
      loop = startFetchLoop({
        slots: 1,
        idleMs: { min: 5000, max: 5000 },
        run: q.run,
        // The first fetch reads the queue before the job is in it, and answers after the wake-up.
        fetch: async (free) => {
          const groups = await q.fetch(free);
          fetching();
          await sleep(30);
          return groups;
        },
      });
      await fetched;
      q.jobs.push('late');
      loop.wake();
      await vi.advanceTimersByTimeAsync(100);
      expect(q.started.map((s) => s.job)).toEqual(['late']);
      await loop.stop();
      loop = null;
    } finally {
      vi.useRealTimers();
    }
  });

  it('backs off while idle: the interval doubles up to its maximum', async () => {
    expect(nextIdleMs(500, { min: 500, max: 2000 })).toBe(1000);
    expect(nextIdleMs(1000, { min: 500, max: 2000 })).toBe(2000);
    expect(nextIdleMs(2000, { min: 500, max: 2000 })).toBe(2000);
    const q = memoryQueue();
    loop = startFetchLoop({ slots: 2, idleMs: { min: 20, max: 80 }, fetch: q.fetch, run: q.run });
    await sleep(600);
    // Without the back-off: 600 / 20 = 30 fetches; with it, 20 + 40 + 80 + 80… ≈ 9.
    expect(loop.fetches).toBeGreaterThanOrEqual(4);
    expect(loop.fetches).toBeLessThanOrEqual(13);
    // Still polling at the maximum interval: a job queued elsewhere (no wake-up) starts within it.
    q.jobs.push('elsewhere');
    await sleep(80 + 60);
    expect(q.started.map((s) => s.job)).toEqual(['elsewhere']);
  });

  it('runs at most `slots` groups at once, and a wake-up while all are busy does not spin', async () => {
    const q = memoryQueue(['a', 'b', 'c', 'd', 'e'], 60);
    loop = startFetchLoop({ slots: 2, idleMs: { min: 1000, max: 1000 }, fetch: q.fetch, run: q.run });
    await sleep(10);
    for (let i = 0; i < 100; i++) loop.wake();
    const fetchesWhileBusy = loop.fetches;
    await sleep(30);
    expect(loop.fetches).toBe(fetchesWhileBusy);
    await sleep(250);
    expect(q.started.map((s) => s.job)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(q.mostAtOnce).toBe(2);
  });

  it('stops fetching when stopped, while running groups finish', async () => {
    const q = memoryQueue(['a'], 80);
    loop = startFetchLoop({ slots: 1, idleMs: { min: 10, max: 10 }, fetch: q.fetch, run: q.run });
    await sleep(10);
    await loop.stop();
    const fetches = loop.fetches;
    q.jobs.push('b');
    await loop.drained();
    await sleep(30);
    expect(loop.fetches).toBe(fetches);
    expect(q.started.map((s) => s.job)).toEqual(['a']);
  });
});
