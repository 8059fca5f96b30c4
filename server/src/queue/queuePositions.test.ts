/**
 * Places in the queue: one numbering of the waiting queue serves every status reply for a short while, so
 * 200 held polls cost a few statements a second instead of hundreds; a new job or a change here reads again.
 * A counting stand-in for the database answers as PostgreSQL would for the window query.
 */
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/database';
import { createQueuePositions, POSITIONS_FRESH_MS } from './queuePositions';

function fakeDb(queue: () => string[]) {
  const db = {
    reads: 0,
    async query<T>(): Promise<{ rows: T[] }> {
      db.reads++;
      return { rows: queue().map((id, ahead) => ({ id, ahead: String(ahead) })) as T[] };
    },
  };
  return db satisfies Queryable & { reads: number };
}

describe('queue positions', () => {
  it('many replies within the freshness window share one read of the queue', async () => {
    const db = fakeDb(() => ['a', 'b', 'c']);
    let clock = 0;
    const positions = createQueuePositions(db, 'pgboss', ['q'], () => clock);
    for (let i = 0; i < 200; i++) expect(await positions.ahead(['c'])).toEqual(new Map([['c', 2]]));
    expect(db.reads).toBe(1);
    clock += POSITIONS_FRESH_MS;
    await positions.ahead(['b']);
    expect(db.reads).toBe(2);
  });

  it('concurrent questions wait for one read', async () => {
    const db = fakeDb(() => ['a', 'b']);
    const positions = createQueuePositions(db, 'pgboss', ['q'], () => 0);
    const replies = await Promise.all([positions.ahead(['a']), positions.ahead(['b']), positions.ahead(['a', 'b'])]);
    expect(replies.map((m) => Object.fromEntries(m))).toEqual([{ a: 0 }, { b: 1 }, { a: 0, b: 1 }]);
    expect(db.reads).toBe(1);
  });

  it('a job the last read did not have (just queued) is read at once; a job no longer waiting is absent', async () => {
    let queue = ['a'];
    const db = fakeDb(() => queue);
    const positions = createQueuePositions(db, 'pgboss', ['q'], () => 0);
    await positions.ahead(['a']);
    queue = ['a', 'new'];
    expect(await positions.ahead(['new'])).toEqual(new Map([['new', 1]]));
    queue = ['new'];
    positions.forget(); // this process claimed 'a'
    expect(await positions.ahead(['a', 'new'])).toEqual(new Map([['new', 0]]));
    expect(db.reads).toBe(3);
  });
});
