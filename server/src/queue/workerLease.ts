import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Database } from '../db/database';
import { log } from '../logging';

/** How often a live worker renews its lease. */
export const LEASE_HEARTBEAT_MS = 3_000;
/** A lease not renewed for this long belongs to a dead (or frozen) worker. */
export const LEASE_TTL_MS = 12_000;

/**
 * The lease of one worker process: a `worker_leases` row renewed every LEASE_HEARTBEAT_MS.
 * Tasks started by this process carry its id; when the row stops being renewed, the
 * recovery sweep of any live process hands those tasks to another worker.
 */
export class WorkerLease {
  readonly id = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly db: Database) {}

  /** Writes the row and starts renewing it. */
  async start(): Promise<void> {
    await this.renew();
    this.timer = setInterval(
      () => void this.renew().catch((err: Error) => log.error('lease renewal failed', { workerId: this.id, error: err.message })),
      LEASE_HEARTBEAT_MS,
    );
    this.timer.unref();
  }

  /** Upsert, so a lease that a sweep removed while this process was frozen comes back. */
  private async renew(): Promise<void> {
    await this.db.query(
      `insert into worker_leases (worker_id, pid, host) values ($1, $2, $3)
       on conflict (worker_id) do update set heartbeat_at = now()`,
      [this.id, process.pid, os.hostname()],
    );
  }

  /** Stops renewing and removes the row (after running tasks were finished or released). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.db.query('delete from worker_leases where worker_id = $1', [this.id]);
  }
}
