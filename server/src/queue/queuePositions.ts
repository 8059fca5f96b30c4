/**
 * Places in the queue ("N ahead of you") for every status reply of every waiting task. With 200 pages holding
 * status polls, each reply counted the jobs ahead of its own with a query of its own: ~300 counts a second on
 * the embedded database, which runs in the main thread, and /api/health waited 0.7 s behind them (issue 30,
 * item 15; bench/queue/heldPolls.ts). Now one statement numbers the whole waiting queue, and its answer serves
 * every reply for POSITIONS_FRESH_MS; it is read again at once when this process claims or adds jobs, or when a
 * job it is asked about is not in it yet (just queued). Jobs claimed by other processes show within that time.
 */
import type { Queryable } from '../db/database';

/** How long one numbering of the queue answers for (a place shown is at most this old). */
export const POSITIONS_FRESH_MS = 250;

export interface QueuePositions {
  /** Jobs ahead of each of `jobIds` that is still waiting (absent: not waiting). */
  ahead(jobIds: readonly string[]): Promise<Map<string, number>>;
  /** The queue changed here (jobs added or claimed): the next question reads it again. */
  forget(): void;
}

/**
 * @param queues the pg-boss queue names whose waiting jobs are numbered (each queue on its own)
 * @param now the clock (tests pass their own)
 */
export function createQueuePositions(db: Queryable, schema: string, queues: readonly string[], now: () => number = Date.now): QueuePositions {
  let known: { at: number; places: Map<string, number> } | null = null;
  let reading: Promise<Map<string, number>> | null = null;

  const read = () => {
    // Concurrent questions share one read.
    reading ??= (async () => {
      const at = now();
      try {
        const { rows } = await db.query<{ id: string; ahead: string | number }>(
          `select id::text as id, row_number() over (partition by name order by priority desc, created_on, id) - 1 as ahead
           from ${schema}.job where name = any($1::text[]) and state < 'active'`,
          [queues],
        );
        const places = new Map(rows.map((r) => [r.id, Number(r.ahead)]));
        known = { at, places };
        return places;
      } finally {
        reading = null;
      }
    })();
    return reading;
  };

  return {
    async ahead(jobIds) {
      if (jobIds.length === 0) return new Map();
      const fresh = known && now() - known.at < POSITIONS_FRESH_MS && jobIds.every((id) => known!.places.has(id));
      const places = fresh ? known!.places : await read();
      return new Map(jobIds.filter((id) => places.has(id)).map((id) => [id, places.get(id)!]));
    },
    forget() {
      known = null;
    },
  };
}
