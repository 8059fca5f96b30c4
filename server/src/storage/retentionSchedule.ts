import { hostname } from 'node:os';
import type { Database } from '../db/database';
import { sweepExpired, type SweepReport } from './retention';
import type { FileStorage } from './storage';

/** How often a node checks whether a sweep is due; the lease makes one node per period do it. */
export const SWEEP_EVERY_MS = 15 * 60 * 1000;
const LEASE_NAME = 'retention-sweep';

/**
 * Takes the named lease for `ms` when nobody holds it, their lease has run out, or `holder` holds it already (it
 * renews its own: a node's tick a period after its first finds its own lease still running by the few seconds the
 * first tick came late, and used to skip a whole period, sweeping every 30 minutes instead of 15). One atomic
 * statement, so it works the same on PGlite and on a PostgreSQL server shared by many nodes,
 * with no session-bound advisory lock that a connection pool could hand to another query.
 */
export async function tryTakeLease(db: Database, name: string, holder: string, ms: number): Promise<boolean> {
  const { rows } = await db.query(
    `insert into maintenance_leases (name, holder, lease_until) values ($1, $2, now() + $3 * interval '1 millisecond')
     on conflict (name) do update set holder = excluded.holder, lease_until = excluded.lease_until
       where maintenance_leases.lease_until <= now() or maintenance_leases.holder = excluded.holder
     returning holder`,
    [name, holder, ms],
  );
  return rows.length === 1;
}

export interface RetentionSweeper {
  /** Sweeps now if this node gets the lease; null when another node holds it. */
  runOnce(): Promise<SweepReport | null>;
  stop(): Promise<void>;
}

/**
 * Sweeps expired files on a timer. Every node may run this: the lease, held for one period, lets
 * exactly one node sweep per period; if it dies mid-sweep, another takes over when the lease ends.
 */
export function startRetentionSweeps(deps: {
  db: Database;
  storage: FileStorage;
  retentionMs: number;
  everyMs?: number;
  holder?: string;
  log?: (line: string) => void;
}): RetentionSweeper {
  const everyMs = deps.everyMs ?? SWEEP_EVERY_MS;
  const holder = deps.holder ?? `${hostname()}:${process.pid}`;
  const log = deps.log ?? ((line: string) => console.log(line));
  let running: Promise<SweepReport | null> | null = null;
  let stopped = false;

  const runOnce = (): Promise<SweepReport | null> => {
    if (running) return running;
    running = (async () => {
      if (deps.retentionMs <= 0 || !(await tryTakeLease(deps.db, LEASE_NAME, holder, everyMs))) return null;
      const report = await sweepExpired(deps.db, deps.storage, deps.retentionMs);
      await deps.db.query('update maintenance_leases set last_report = $2 where name = $1 and holder = $3', [
        LEASE_NAME,
        JSON.stringify({ ...report, at: new Date().toISOString() }),
        holder,
      ]);
      if (report.files + report.projects + report.tasks + report.downloadLinks > 0) {
        log(
          `retention: removed ${report.files} files, ${report.projects} deleted projects, ${report.tasks} finished tasks, ${report.downloadLinks} expired download links`,
        );
      }
      return report;
    })().finally(() => {
      running = null;
    });
    return running;
  };

  const tick = () => {
    if (stopped) return;
    // A failed sweep (database restarting, bucket unreachable) is retried at the next tick.
    runOnce().catch((err: Error) => log(`retention sweep failed: ${err.message}`));
  };
  const timer = setInterval(tick, Math.min(everyMs, 2 ** 31 - 1));
  timer.unref();
  const first = setTimeout(tick, 5_000);
  first.unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(first);
      await running?.catch(() => undefined);
    },
  };
}
