/**
 * Credit ledger throughput: how long a task charge (balance check + spend row + task row, one
 * transaction under the payer's advisory lock) takes, alone and with many spends racing for one
 * balance, on PGlite and (when BENCH_DATABASE_URL is set) on PostgreSQL. Prints a table and a
 * `BENCH_JSON {...}` line.
 *
 *   npm run bench:credits
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/somedb npm run bench:credits
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../server/src/db/database';
import { migrate } from '../../server/src/schema';
import { CreditLedger } from '../../server/src/credits/creditLedger';
import { TaskRepository } from '../../server/src/tasks/taskRepository';

const SEQUENTIAL = Number(process.env.BENCH_SPENDS ?? 300);
const RACE = Number(process.env.BENCH_RACE ?? 200);

async function bench(name: string, db: Database) {
  await migrate(db);
  const ledger = new CreditLedger(db, { freeDailyCredits: 0 });
  const tasks = new TaskRepository(db);
  const run = `${Date.now()}`;
  const charge = (payer: string, i: number) => {
    const task = { id: `bench_${run}_${payer.includes('race') ? 'r' : 's'}_${i}`, type: 'removebg' };
    return ledger.chargeForTask(payer, task, (tx) => tasks.create({ ...task, params: {}, owner: payer }, tx).then(() => undefined));
  };

  const solo = `account:bench-solo-${run}`;
  await ledger.grant(solo, SEQUENTIAL, { bucket: 'paid', ref: `bench-solo-${run}` });
  const times: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const t0 = performance.now();
    await charge(solo, i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const p95 = times[Math.floor(times.length * 0.95)]!;

  const raced = `account:bench-race-${run}`;
  const balance = Math.floor(RACE / 2);
  await ledger.grant(raced, balance, { bucket: 'paid', ref: `bench-race-${run}` });
  const t0 = performance.now();
  const outcomes = await Promise.allSettled(Array.from({ length: RACE }, (_, i) => charge(raced, i)));
  const raceMs = performance.now() - t0;
  const succeeded = outcomes.filter((o) => o.status === 'fulfilled').length;
  const left = (await ledger.balance(raced)).total;
  const row = {
    db: name,
    medianMs: +median.toFixed(2),
    p95Ms: +p95.toFixed(2),
    race: RACE,
    balance,
    succeeded,
    left,
    raceMs: +raceMs.toFixed(0),
    perSecond: +(RACE / (raceMs / 1000)).toFixed(0),
  };
  console.log(
    `${name.padEnd(9)} charge median ${row.medianMs} ms, p95 ${row.p95Ms} ms | ${RACE} racing on ${balance}: ${succeeded} succeeded, ${left} left, ${row.raceMs} ms (${row.perSecond}/s)`,
  );
  if (succeeded !== balance || left !== 0) console.log('TARGET MISSED: the race must spend exactly the balance');
  return row;
}

const results = [];
const dir = await mkdtemp(path.join(os.tmpdir(), 'lumacut-bench-credits-'));
const lite = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dir, 'pglite') });
results.push(await bench('pglite', lite));
await lite.close();
await rm(dir, { recursive: true, force: true });
if (process.env.BENCH_DATABASE_URL) {
  const pg = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, pgliteDir: '' });
  results.push(await bench('postgres', pg));
  await pg.close();
}
console.log(`BENCH_JSON ${JSON.stringify(results)}`);
