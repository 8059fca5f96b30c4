/**
 * The result of an asynchronous computation named by `key`: recomputed when the key changes,
 * coalesced (while one runs, only the newest key is computed next; keys in between are skipped),
 * the previous result kept until the new one is there, and registered as pending scene work so an
 * export waits for it. A null key means "nothing to compute" (result null).
 */
import { useEffect, useRef, useState } from 'react';
import { useBusyWhile } from './workTracker';

interface Done<T> {
  key: string;
  value: T | null;
}

export interface AsyncResult<T> {
  /** The newest finished result (maybe for an earlier key); null before the first one. */
  value: T | null;
  /** The key of `value`. */
  key: string | null;
  /** A result for the current key is still being computed. */
  busy: boolean;
}

export function useAsyncResult<T>(key: string | null, compute: () => Promise<T>, label: string): AsyncResult<T> {
  const [done, setDone] = useState<Done<T> | null>(null);
  const [kick, setKick] = useState(0);
  const latest = useRef<{ key: string | null; compute: () => Promise<T> }>({ key, compute });
  latest.current = { key, compute };
  const running = useRef(false);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const upToDate = key === null || done?.key === key;
  useBusyWhile(!upToDate);

  // biome-ignore lint/correctness/useExhaustiveDependencies: key and kick start a new run; the loader reads the latest values
  useEffect(() => {
    if (upToDate || running.current) return;
    running.current = true;
    const run = async () => {
      while (alive.current) {
        const job = latest.current;
        if (job.key === null) return;
        let value: T | null = null;
        try {
          value = await job.compute();
        } catch (error) {
          console.warn(`effects: ${label} failed; shown without it`, error);
        }
        if (!alive.current) return;
        setDone({ key: job.key, value });
        if (latest.current.key === job.key) return;
      }
    };
    void run().finally(() => {
      running.current = false;
      // A key that changed after the loop's last look: go again.
      if (alive.current) setKick((k) => k + 1);
    });
  }, [key, upToDate, kick]);

  if (key === null) return { value: null, key: null, busy: false };
  return { value: done?.value ?? null, key: done?.key ?? null, busy: !upToDate };
}
