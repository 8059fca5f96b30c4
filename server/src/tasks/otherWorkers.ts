import type { Database } from '../db/database';
import { LEASE_TTL_MS } from '../queue/workerLease';

/** How long one answer of {@link OtherWorkers.alive} is reused: one statement per server per period, not per held call. */
export const OTHER_WORKERS_CACHE_MS = 2_000;

/**
 * Whether a task may end in another process, so a held status call (the long poll) must re-read the database to
 * hear of it (issue 30, item 15). This process's own workers announce every end on taskEnds, so a task running
 * here, or a queued one when no other process runs jobs, needs no re-read: the held call sleeps until the signal.
 */
export class OtherWorkers {
  private cached: { at: number; alive: boolean } | null = null;
  private pending: Promise<boolean> | null = null;

  constructor(
    private readonly db: Pick<Database, 'query' | 'kind'>,
    /** This process's worker lease id, or null when it runs no jobs (WORKERS=0: every task ends elsewhere). */
    readonly selfId: string | null,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether a live worker lease other than this process's exists (never on the embedded database: it has one process). */
  async alive(): Promise<boolean> {
    if (this.db.kind === 'pglite' && this.selfId !== null) return false;
    if (this.cached && this.now() - this.cached.at < OTHER_WORKERS_CACHE_MS) return this.cached.alive;
    this.pending ??= this.db
      .query<{ alive: boolean }>(
        `select exists (select 1 from worker_leases where worker_id is distinct from $1
         and heartbeat_at > now() - make_interval(secs => $2::double precision)) as alive`,
        [this.selfId, LEASE_TTL_MS / 1000],
      )
      .then(({ rows }) => {
        const alive = rows[0]?.alive === true;
        this.cached = { at: this.now(), alive };
        return alive;
      })
      .finally(() => (this.pending = null));
    return this.pending;
  }

  /**
   * Whether any of these unfinished tasks may end without this process announcing it: one running under another
   * worker, or a queued one while this process runs no jobs or another worker is alive.
   */
  async mayEndElsewhere(tasks: ReadonlyArray<{ status: string; workerId: string | null }>): Promise<boolean> {
    if (tasks.some((t) => t.status === 'running' && t.workerId !== this.selfId)) return true;
    if (!tasks.some((t) => t.status === 'queued')) return false;
    return this.selfId === null || (await this.alive());
  }
}
