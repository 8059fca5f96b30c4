/**
 * A fixed-window counter per client address for the report endpoints, which anyone may call:
 * without it one script could fill the database. In memory, per process; the map is emptied
 * each window, so it never holds more than one minute of addresses.
 */
export interface RateLimiter {
  /** True when `key` is still under its limit in this window (and counts the call). */
  allow(key: string): boolean;
}

export function createRateLimiter(limit: number, windowMs = 60_000, now: () => number = Date.now): RateLimiter {
  let windowStart = now();
  const counts = new Map<string, number>();
  return {
    allow(key) {
      const t = now();
      if (t - windowStart >= windowMs) {
        windowStart = t;
        counts.clear();
      }
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      return count <= limit;
    },
  };
}
