/**
 * One polling loop over a queue, shared by the heavy and the light queue (jobQueue.ts). It fetches only
 * while a slot is free, so N workers cost one query per poll instead of N. An idle loop backs off (the
 * interval doubles from `idleMs.min` to `idleMs.max` while fetches come back empty), and a job queued by
 * this process wakes it at once, so a local submit never waits out the interval; jobs queued by another
 * process are picked up within `idleMs.max`.
 */

export interface FetchLoopOptions<J> {
  /** Groups that may run at once. */
  slots: number;
  /** Claims up to `free` groups of jobs (an empty array when the queue is empty). */
  fetch(free: number): Promise<J[][]>;
  /** Runs one group; the loop only counts it (errors are the caller's to log). */
  run(group: J[]): Promise<void>;
  /** The idle polling interval's bounds, in milliseconds. */
  idleMs: { min: number; max: number };
}

export interface FetchLoop {
  /** A job was queued here: fetch now (or right after a fetch already under way). */
  wake(): void;
  /** Stops fetching; resolves when the loop has stopped (running groups go on: see {@link drained}). */
  stop(): Promise<void>;
  /** Resolves when no group is running. */
  drained(): Promise<void>;
  /** Fetches made so far (for tests and benches of idle polling). */
  readonly fetches: number;
}

/** The next idle interval: doubles while idle, never past `max`. */
export function nextIdleMs(current: number, idleMs: { min: number; max: number }): number {
  return Math.min(idleMs.max, Math.max(idleMs.min, current * 2));
}

export function startFetchLoop<J>(options: FetchLoopOptions<J>): FetchLoop {
  let stopped = false;
  let fetches = 0;
  // A wake-up that arrives while a fetch is under way may be for a job that fetch did not see: it is kept
  // (`pending`) and the loop fetches again instead of sleeping.
  let pending = false;
  let interrupt: (() => void) | null = null;
  const inFlight = new Set<Promise<void>>();
  let signalStop: () => void = () => undefined;
  const stopSignal = new Promise<void>((resolve) => (signalStop = resolve));

  const pause = (ms: number): Promise<void> => {
    if (pending || stopped) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        interrupt = null;
        resolve();
      }
      interrupt = done;
    });
  };

  const loop = async () => {
    let idle = options.idleMs.min;
    while (!stopped) {
      if (inFlight.size >= options.slots) {
        // Every slot is busy: nothing to fetch for until one frees (a wake-up stays pending till then).
        await Promise.race([...inFlight, stopSignal]);
        continue;
      }
      pending = false;
      fetches++;
      const groups = await options.fetch(options.slots - inFlight.size).catch(() => [] as J[][]);
      if (groups.length === 0) {
        // A finished group frees a slot: fetch again then, as after a wake-up.
        await Promise.race([...inFlight, pause(idle)]);
        idle = nextIdleMs(idle, options.idleMs);
        continue;
      }
      idle = options.idleMs.min;
      for (const group of groups) {
        const running: Promise<void> = options
          .run(group)
          .catch(() => undefined)
          .finally(() => inFlight.delete(running));
        inFlight.add(running);
      }
    }
  };
  const looping = loop();

  return {
    wake() {
      pending = true;
      interrupt?.();
    },
    async stop() {
      stopped = true;
      signalStop();
      interrupt?.();
      await looping;
    },
    async drained() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
    get fetches() {
      return fetches;
    },
  };
}
