/**
 * Tells status requests that wait (the long poll of `POST /api/task/{type}/status` with `waitMs`) that tasks
 * ended in this process, so the reply leaves the moment a result is recorded instead of at the next poll.
 *
 * Only this process's workers announce here; a task finished by a worker in another process is seen by the
 * waiting request's own re-read of the database (TaskService.status, every STATUS_WAIT_RECHECK_MS).
 */
export class TaskEnds {
  private readonly waiters = new Map<string, Set<() => void>>();

  /** Wakes every request waiting on one of `ids` (called after the statement that ended them). */
  announce(ids: readonly string[]): void {
    for (const id of ids) {
      const wake = this.waiters.get(id);
      if (!wake) continue;
      this.waiters.delete(id);
      for (const fn of wake) fn();
    }
  }

  /**
   * Resolves when one of `ids` is announced (true), after `ms` or when `signal` aborts (the client went away;
   * false), whichever comes first. Never rejects; leaves nothing registered behind.
   */
  waitForAny(ids: readonly string[], ms: number, signal?: AbortSignal): Promise<boolean> {
    if (ms <= 0 || signal?.aborted) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      let announced = false;
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        for (const id of ids) {
          const set = this.waiters.get(id);
          set?.delete(wake);
          if (set?.size === 0) this.waiters.delete(id);
        }
        resolve(announced);
      };
      const wake = () => {
        announced = true;
        done();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
      for (const id of ids) {
        let set = this.waiters.get(id);
        if (!set) this.waiters.set(id, (set = new Set()));
        set.add(wake);
      }
    });
  }

  /** Requests waiting now, counted per task id (for tests: nothing may stay registered). */
  get waiting(): number {
    let n = 0;
    for (const set of this.waiters.values()) n += set.size;
    return n;
  }
}

/** The process's one signal: the repositories announce on it, the status route waits on it. */
export const taskEnds = new TaskEnds();
