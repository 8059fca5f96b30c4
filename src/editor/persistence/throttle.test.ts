import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TrailingThrottle } from './throttle';

describe('TrailingThrottle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at once, then at most once per interval, with one trailing run for a burst', async () => {
    const task = vi.fn().mockResolvedValue(undefined);
    const throttle = new TrailingThrottle(task, 10_000);
    throttle.request();
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(1000);
      throttle.request();
    }
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4999);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('reports a failing run and keeps working', async () => {
    const onError = vi.fn();
    const task = vi.fn().mockRejectedValueOnce(new Error('nope')).mockResolvedValue(undefined);
    const throttle = new TrailingThrottle(task, 1000, onError);
    throttle.request();
    await vi.advanceTimersByTimeAsync(0);
    expect(onError).toHaveBeenCalledTimes(1);
    throttle.request();
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('flush runs a waiting request at once, and nothing when none waits', async () => {
    const task = vi.fn().mockResolvedValue(undefined);
    const throttle = new TrailingThrottle(task, 10_000);
    await throttle.flush();
    expect(task).not.toHaveBeenCalled();
    throttle.request();
    await vi.advanceTimersByTimeAsync(0);
    throttle.request();
    await throttle.flush();
    expect(task).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('stops after dispose', async () => {
    const task = vi.fn().mockResolvedValue(undefined);
    const throttle = new TrailingThrottle(task, 1000);
    throttle.request();
    await vi.advanceTimersByTimeAsync(0);
    throttle.request();
    throttle.dispose();
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
