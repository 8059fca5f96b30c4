import type { WeightedHost } from '../config';

/**
 * Picks a generation server for each job: at random by weight (SPEC §7 weighted hosts), among
 * the servers not known to be down. A server that fails a request or a health check is left out
 * for a back-off that doubles (5 s … 5 min); it comes back after one good health check. When every
 * server is down, all are tried again, so a recovered server is found without waiting.
 */

const BACKOFF_MIN_MS = 5_000;
const BACKOFF_MAX_MS = 300_000;

interface HostState {
  host: WeightedHost;
  downUntil: number;
  backoffMs: number;
}

export class HostPool {
  private readonly states: HostState[];

  constructor(
    hosts: WeightedHost[],
    private readonly check: (url: string) => Promise<boolean>,
    private readonly now: () => number = Date.now,
    private readonly random: () => number = Math.random,
  ) {
    this.states = hosts.map((host) => ({ host, downUntil: 0, backoffMs: BACKOFF_MIN_MS }));
  }

  get size(): number {
    return this.states.length;
  }

  /** A server to use now, by weight among the healthy ones; null when the pool is empty. */
  pick(exclude: ReadonlySet<string> = new Set()): WeightedHost | null {
    const t = this.now();
    const candidates = this.states.filter((s) => !exclude.has(s.host.url));
    const healthy = candidates.filter((s) => s.downUntil <= t);
    const from = healthy.length > 0 ? healthy : candidates;
    if (from.length === 0) return null;
    const total = from.reduce((sum, s) => sum + s.host.weight, 0);
    let r = this.random() * total;
    for (const s of from) {
      r -= s.host.weight;
      if (r < 0) return s.host;
    }
    return from[from.length - 1].host;
  }

  /** A request to `url` failed (refused, timed out, 5xx): leave it out for a while. */
  markDown(url: string): void {
    const s = this.states.find((x) => x.host.url === url);
    if (!s) return;
    s.downUntil = this.now() + s.backoffMs;
    s.backoffMs = Math.min(BACKOFF_MAX_MS, s.backoffMs * 2);
  }

  markUp(url: string): void {
    const s = this.states.find((x) => x.host.url === url);
    if (!s) return;
    s.downUntil = 0;
    s.backoffMs = BACKOFF_MIN_MS;
  }

  /** Checks every server once (GET /system_stats or equivalent) and records the outcome. */
  async checkAll(): Promise<{ url: string; ok: boolean }[]> {
    return Promise.all(
      this.states.map(async (s) => {
        const ok = await this.check(s.host.url).catch(() => false);
        if (ok) this.markUp(s.host.url);
        else this.markDown(s.host.url);
        return { url: s.host.url, ok };
      }),
    );
  }

  /** Which servers are believed up now. */
  snapshot(): { url: string; weight: number; up: boolean }[] {
    const t = this.now();
    return this.states.map((s) => ({ url: s.host.url, weight: s.host.weight, up: s.downUntil <= t }));
  }
}
