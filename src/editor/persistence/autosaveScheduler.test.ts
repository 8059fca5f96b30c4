import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DELAY_MS, AutosaveScheduler, retryDelay, type SaveStatus } from './autosaveScheduler';

/** A save whose outcome each test decides: resolve or reject the pending call. */
function controllableSave() {
  const calls: Array<{ resolve: () => void; reject: (e: unknown) => void }> = [];
  const save = vi.fn(() => new Promise<void>((resolve, reject) => calls.push({ resolve, reject })));
  return { save, calls };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('AutosaveScheduler', () => {
  let statuses: SaveStatus[];
  beforeEach(() => {
    vi.useFakeTimers();
    statuses = [];
  });
  afterEach(() => vi.useRealTimers());

  it('saves 1.5 s after the last change, once for a burst of changes', async () => {
    const { save, calls } = controllableSave();
    const scheduler = new AutosaveScheduler({ save, onStatus: (s) => statuses.push(s) });
    scheduler.notifyChange();
    await vi.advanceTimersByTimeAsync(1000);
    scheduler.notifyChange();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1);
    expect(save).not.toHaveBeenCalled();
    expect(scheduler.status).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(scheduler.status).toBe('saving');
    calls[0].resolve();
    await settle();
    expect(scheduler.status).toBe('saved');
    expect(scheduler.hasUnsavedChanges()).toBe(false);
    expect(statuses).toEqual(['unsaved', 'saving', 'saved']);
  });

  it('never runs two saves at once; a change during a save is saved afterwards', async () => {
    const { save, calls } = controllableSave();
    const scheduler = new AutosaveScheduler({ save });
    scheduler.notifyChange();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    scheduler.notifyChange();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 3);
    expect(save).toHaveBeenCalledTimes(1);
    calls[0].resolve();
    await settle();
    expect(scheduler.status).toBe('unsaved');
    expect(scheduler.hasUnsavedChanges()).toBe(true);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(save).toHaveBeenCalledTimes(2);
    calls[1].resolve();
    await settle();
    expect(scheduler.status).toBe('saved');
  });

  it('retries a failed save with doubling back-off and reports offline meanwhile', async () => {
    const { save, calls } = controllableSave();
    const onError = vi.fn();
    const scheduler = new AutosaveScheduler({ save, onError, retryBaseMs: 1000 });
    scheduler.notifyChange();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    calls[0].reject(new Error('offline'));
    await settle();
    expect(scheduler.status).toBe('offline');
    expect(onError).toHaveBeenCalledTimes(1);
    // Edits while offline do not bring the retry forward.
    scheduler.notifyChange();
    await vi.advanceTimersByTimeAsync(999);
    expect(save).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(2);
    calls[1].reject(new Error('still offline'));
    await settle();
    await vi.advanceTimersByTimeAsync(1999);
    expect(save).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(3);
    calls[2].resolve();
    await settle();
    expect(scheduler.status).toBe('saved');
    expect(scheduler.hasUnsavedChanges()).toBe(false);
  });

  it('caps the back-off', () => {
    expect([1, 2, 3, 4].map((n) => retryDelay(n, 1000, 30_000))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelay(20, 1000, 30_000)).toBe(30_000);
  });

  it('stops on a conflict until told to retry', async () => {
    const { save, calls } = controllableSave();
    const scheduler = new AutosaveScheduler({ save, isConflict: (e) => e === 'conflict' });
    scheduler.notifyChange();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    calls[0].reject('conflict');
    await settle();
    expect(scheduler.status).toBe('conflict');
    scheduler.notifyChange();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(save).toHaveBeenCalledTimes(1);
    scheduler.retryNow();
    await settle();
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('flush saves at once and reports whether everything reached the server', async () => {
    const save = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('down'));
    const scheduler = new AutosaveScheduler({ save });
    expect(await scheduler.flush()).toBe(true);
    expect(save).not.toHaveBeenCalled();
    scheduler.notifyChange();
    expect(await scheduler.flush()).toBe(true);
    expect(save).toHaveBeenCalledTimes(1);
    scheduler.notifyChange();
    expect(await scheduler.flush()).toBe(false);
    expect(scheduler.status).toBe('offline');
  });

  it('does nothing after dispose', async () => {
    const { save } = controllableSave();
    const scheduler = new AutosaveScheduler({ save });
    scheduler.notifyChange();
    scheduler.dispose();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(save).not.toHaveBeenCalled();
  });
});
