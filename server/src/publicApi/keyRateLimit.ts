/**
 * Fixed-window call counts for the public API (issue 27: "rate limits per key"), per API key, or per client
 * address for calls without a key (personal mode). In memory, per process, like the `/api/` limits
 * (security/rateLimits.ts). The state is what remove.bg reports in X-RateLimit-Limit/-Remaining/-Reset.
 */
export interface RateState {
  limit: number;
  remaining: number;
  /** Unix seconds when the window ends. */
  reset: number;
  exceeded: boolean;
  /** Seconds until the window ends (Retry-After), at least 1. */
  retryAfter: number;
}

export class KeyRateLimit {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one call of `who`; `exceeded` when it is over the limit (the call is then not counted). A limit of 0 is off. */
  take(who: string): RateState | null {
    if (this.limit <= 0) return null;
    const at = this.now();
    let w = this.windows.get(who);
    if (!w || at - w.start >= this.windowMs) {
      w = { start: at, count: 0 };
      this.windows.set(who, w);
      if (this.windows.size > 50_000) this.sweep(at);
    }
    const exceeded = w.count >= this.limit;
    if (!exceeded) w.count += 1;
    const end = w.start + this.windowMs;
    return {
      limit: this.limit,
      remaining: Math.max(0, this.limit - w.count),
      reset: Math.ceil(end / 1000),
      exceeded,
      retryAfter: Math.max(1, Math.ceil((end - at) / 1000)),
    };
  }

  private sweep(at: number): void {
    for (const [who, w] of this.windows) if (at - w.start >= this.windowMs) this.windows.delete(who);
  }
}
