import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadWithRetry, retry } from './retry';

/** A function that fails `failures` times (or always), noting the fake clock at each call. */
function flaky(failures = Infinity) {
  const calls: number[] = [];
  const start = Date.now();
  const fn = vi.fn(async (attempt: number) => {
    calls.push(Date.now() - start);
    if (calls.length <= failures) throw new Error(`fail ${attempt}`);
    return `ok on ${attempt}`;
  });
  /** Pauses between calls, in ms. */
  const gaps = () => calls.slice(1).map((t, i) => t - calls[i]);
  return { fn, calls, gaps };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('retry (SPEC §9: 5 attempts, doubling from 1 s)', () => {
  it('tries 5 times, pausing 1, 2, 4 and 8 s, then rejects with the last error', async () => {
    const { fn, gaps } = flaky();
    const result = retry(fn).catch((e: Error) => e);
    await vi.runAllTimersAsync();
    expect(((await result) as Error).message).toBe('fail 5');
    expect(fn).toHaveBeenCalledTimes(5);
    expect(gaps()).toEqual([1000, 2000, 4000, 8000]);
  });

  it('does not try again before the pause is over', async () => {
    const { fn } = flaky();
    void retry(fn).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(999);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fn).toHaveBeenCalledTimes(2);
    await vi.runAllTimersAsync();
  });

  it('resolves with the first success and stops trying', async () => {
    const { fn, gaps } = flaky(2);
    const result = retry(fn);
    await vi.runAllTimersAsync();
    await expect(result).resolves.toBe('ok on 3');
    expect(fn).toHaveBeenCalledTimes(3);
    expect(gaps()).toEqual([1000, 2000]);
  });

  it('honours attempts, initialDelayMs, factor and maxDelayMs', async () => {
    const { fn, gaps } = flaky();
    const result = retry(fn, { attempts: 4, initialDelayMs: 100, factor: 3, maxDelayMs: 500 }).catch(() => 'failed');
    await vi.runAllTimersAsync();
    expect(await result).toBe('failed');
    expect(gaps()).toEqual([100, 300, 500]);
  });

  it('stops at once when shouldRetry says no', async () => {
    const { fn } = flaky();
    const shouldRetry = vi.fn(() => false);
    const result = retry(fn, { shouldRetry }).catch((e: Error) => e.message);
    await vi.runAllTimersAsync();
    expect(await result).toBe('fail 1');
    expect(fn).toHaveBeenCalledTimes(1);
    expect(shouldRetry).toHaveBeenCalledWith(expect.any(Error), 1);
  });

  it('waits with the given sleep function', async () => {
    vi.useRealTimers();
    const sleep = vi.fn(async () => undefined);
    await expect(retry(flaky().fn, { attempts: 3, sleep })).rejects.toThrow('fail 3');
    expect(sleep.mock.calls.map((call) => (call as unknown[])[0])).toEqual([1000, 2000]);
  });

  it('stops during a pause when the signal aborts, with the abort reason', async () => {
    const { fn } = flaky();
    const controller = new AbortController();
    const result = retry(fn, { signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    controller.abort(new Error('left the page'));
    await vi.runAllTimersAsync();
    expect(((await result) as Error).message).toBe('left the page');
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

describe('downloadWithRetry (SPEC §9: up to 100 retries, 200 ms base)', () => {
  it('tries 101 times, pausing 200, 400, 800, 1600 ms and then 2 s each', async () => {
    const { fn, gaps } = flaky();
    const result = downloadWithRetry(fn).catch((e: Error) => e.message);
    await vi.runAllTimersAsync();
    expect(await result).toBe('fail 101');
    expect(fn).toHaveBeenCalledTimes(101);
    const pauses = gaps();
    expect(pauses.slice(0, 6)).toEqual([200, 400, 800, 1600, 2000, 2000]);
    expect(pauses).toHaveLength(100);
    expect(pauses.every((p) => p <= 2000)).toBe(true);
    // About 3.2 minutes in all before giving up.
    expect(pauses.reduce((a, b) => a + b, 0)).toBe(3000 + 96 * 2000);
  });

  it('resolves as soon as a try succeeds', async () => {
    const { fn } = flaky(6);
    const result = downloadWithRetry(fn);
    await vi.runAllTimersAsync();
    await expect(result).resolves.toBe('ok on 7');
    expect(fn).toHaveBeenCalledTimes(7);
  });

  it('honours retries, baseDelayMs and shouldRetry', async () => {
    const few = flaky();
    const a = downloadWithRetry(few.fn, { retries: 2, baseDelayMs: 50 }).catch(() => 'failed');
    await vi.runAllTimersAsync();
    expect(await a).toBe('failed');
    expect(few.gaps()).toEqual([50, 100]);

    const notFound = flaky();
    const b = downloadWithRetry(notFound.fn, { shouldRetry: () => false }).catch(() => 'gave up');
    await vi.runAllTimersAsync();
    expect(await b).toBe('gave up');
    expect(notFound.fn).toHaveBeenCalledTimes(1);
  });
});
