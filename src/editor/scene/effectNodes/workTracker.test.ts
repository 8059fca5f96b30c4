import { describe, expect, it, vi } from 'vitest';
import { createWorkTracker } from './workTracker';

describe('scene work tracker', () => {
  it('is idle at once without work', async () => {
    await expect(createWorkTracker().whenIdle()).resolves.toBeUndefined();
  });

  it('waits for pending work, also work started right after other work ended', async () => {
    const work = createWorkTracker();
    const endFirst = work.begin();
    let idle = false;
    const waiting = work.whenIdle().then(() => {
      idle = true;
    });
    let endSecond: () => void = () => undefined;
    setTimeout(() => {
      endFirst();
      // Dependent work begins in the same task (the next React commit).
      endSecond = work.begin();
    }, 10);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(idle).toBe(false);
    endSecond();
    endSecond();
    await waiting;
    expect(idle).toBe(true);
    expect(work.pending).toBe(0);
  });

  it('gives up after its timeout', async () => {
    const work = createWorkTracker();
    work.begin();
    vi.useFakeTimers();
    try {
      let settled = false;
      const waiting = work.whenIdle(100).then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(99);
      expect(settled).toBe(false); // still waiting for the pending work
      await vi.advanceTimersByTimeAsync(300); // past the timeout (checked between 250 ms waits)
      await waiting;
      expect(settled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
