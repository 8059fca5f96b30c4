import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { idleRelease } from './idleRelease';

describe('idleRelease', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('releases once the model has gone unused for the whole idle time, counted from the last use', () => {
    const release = vi.fn();
    const idle = idleRelease(1000, release);
    idle.touch();
    vi.advanceTimersByTime(900);
    idle.touch(); // used again: the countdown starts over
    vi.advanceTimersByTime(900);
    expect(release).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(release).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(release).toHaveBeenCalledTimes(1); // not again until the next use
  });

  it('never releases when cancelled or when the idle time is 0', () => {
    const release = vi.fn();
    const cancelled = idleRelease(1000, release);
    cancelled.touch();
    cancelled.cancel();
    const never = idleRelease(0, release);
    never.touch();
    vi.advanceTimersByTime(60_000);
    expect(release).not.toHaveBeenCalled();
  });
});
