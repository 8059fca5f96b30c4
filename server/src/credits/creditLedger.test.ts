import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { openDatabase, type Database, type Queryable } from '../db/database';
import { migrate } from '../schema';
import { ApiError } from '../envelope';
import { TaskRepository } from '../tasks/taskRepository';
import { databaseTargets } from '../testing/testDatabases';
import { AccountRepository } from '../accounts/accountRepository';
import { VISITOR_DEVICES_PER_ADDRESS } from '../../../engine/spec/commerce';
import { personEmail } from '../../../engine/spec/accountLimits';
import { CreditLedger } from './creditLedger';

for (const target of databaseTargets()) {
  describe(`credit ledger on ${target.name}`, () => {
    let store: Awaited<ReturnType<typeof target.make>>;
    let db: Database;
    let tasks: TaskRepository;
    let counter = 0;
    const newTask = (type = 'removebg') => ({ id: `t${++counter}_${Date.now()}`, type });
    const record = (task: { id: string; type: string }, payer: string) => (tx: Queryable) =>
      tasks.create({ ...task, params: {}, owner: payer }, tx).then(() => undefined);

    beforeAll(async () => {
      store = await target.make();
      db = await openDatabase({ databaseUrl: store.databaseUrl, pgliteDir: store.pgliteDir });
      await migrate(db);
      tasks = new TaskRepository(db);
    });
    afterAll(async () => {
      await db.close();
      await store.cleanup();
    });

    it('200 simultaneous spends on a balance of 37: exactly 37 succeed, the rest get 1010103, the balance never goes below 0', async () => {
      const ledger = new CreditLedger(db, { freeDailyCredits: 0 });
      const payer = 'account:race';
      await ledger.grant(payer, 37, { bucket: 'paid', ref: 'race-pack' });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 200 }, () => {
          const task = newTask();
          return ledger.chargeForTask(payer, task, record(task, payer));
        }),
      );
      const ok = outcomes.filter((o) => o.status === 'fulfilled');
      const short = outcomes.filter((o) => o.status === 'rejected' && (o.reason as ApiError).code === ResultCode.CREDITS_NOT_ENOUGH);
      expect(ok).toHaveLength(37);
      expect(short).toHaveLength(163);
      expect((await ledger.balance(payer)).total).toBe(0);
      // A refused spend recorded no task either: the charge and the task are one transaction.
      const { rows } = await db.query<{ n: string }>(`select count(*) as n from tasks where owner = $1`, [payer]);
      expect(Number(rows[0]!.n)).toBe(37);
      const { rows: sums } = await db.query<{ s: string }>(`select sum(amount) as s from credit_ledger where payer = $1`, [payer]);
      expect(Number(sums[0]!.s)).toBe(0);
    });

    it('a task that fails after the spend is refunded exactly once, however often it is failed or cancelled', async () => {
      const ledger = new CreditLedger(db, { freeDailyCredits: 0 });
      const payer = 'account:refund';
      await ledger.grant(payer, 5, { bucket: 'paid', ref: 'refund-pack' });
      const task = newTask('picenhance');
      await ledger.chargeForTask(payer, task, record(task, payer));
      expect((await ledger.balance(payer)).paid).toBe(3);
      await tasks.start(task.id);
      await tasks.fail(task.id, ResultCode.GPU_HANDLE_FAILED, 'model crashed');
      expect((await ledger.balance(payer)).paid).toBe(5);
      await tasks.fail(task.id, ResultCode.GPU_HANDLE_FAILED, 'again');
      await tasks.cancel(task.id);
      expect(await ledger.refundTask(task.id)).toBe(0);
      expect((await ledger.balance(payer)).paid).toBe(5);

      const cancelled = newTask();
      await ledger.chargeForTask(payer, cancelled, record(cancelled, payer));
      await tasks.cancel(cancelled.id);
      expect((await ledger.balance(payer)).paid).toBe(5);
      // A finished task keeps its charge.
      const done = newTask();
      await ledger.chargeForTask(payer, done, record(done, payer));
      await tasks.start(done.id);
      await tasks.finish(done.id, '/files/x.png');
      expect((await ledger.balance(payer)).paid).toBe(4);
    });

    it("spends today's free credits first, then subscription credits, then bought ones; subscription credits lapse, bought ones stay", async () => {
      let now = new Date('2026-03-01T10:00:00Z');
      const ledger = new CreditLedger(db, { freeDailyCredits: 2, now: () => now });
      const payer = 'account:order';
      await ledger.grant(payer, 10, { bucket: 'paid', ref: 'order-pack' });
      await ledger.grant(payer, 4, { bucket: 'plan', ref: 'order-plan-1', expiresAt: new Date('2026-03-08T10:00:00Z') });
      expect(await ledger.balance(payer)).toMatchObject({ free: 2, plan: 4, paid: 10, total: 16 });
      const big = newTask('aibg'); // 4 credits
      await ledger.chargeForTask(payer, big, record(big, payer));
      expect(await ledger.balance(payer)).toMatchObject({ free: 0, plan: 2, paid: 10 });
      // The next day the free allowance is back; a week later the unused plan credits are gone.
      now = new Date('2026-03-02T10:00:00Z');
      expect(await ledger.balance(payer)).toMatchObject({ free: 2, plan: 2, paid: 10 });
      now = new Date('2026-03-09T10:00:00Z');
      expect(await ledger.balance(payer)).toMatchObject({ free: 2, plan: 0, paid: 10, total: 12 });
      // Granting the same purchase twice grants once.
      expect(await ledger.grant(payer, 10, { bucket: 'paid', ref: 'order-pack' })).toBe(false);
      expect((await ledger.balance(payer)).paid).toBe(10);
    });

    it('a visitor has only the daily allowance: the charge past it is 1010103 and records nothing', async () => {
      const ledger = new CreditLedger(db, { freeDailyCredits: 3 });
      const payer = 'device:abc';
      for (let i = 0; i < 3; i++) {
        const t = newTask();
        await ledger.chargeForTask(payer, t, record(t, payer));
      }
      const t = newTask();
      await expect(ledger.chargeForTask(payer, t, record(t, payer))).rejects.toMatchObject({ code: ResultCode.CREDITS_NOT_ENOUGH });
      expect(await tasks.get(t.id)).toBeNull();
      expect((await ledger.balance('device:other')).free).toBe(3);
    });

    it('plus-addressed accounts of one inbox share one free allowance, and free accounts meet the per-address cap (issue 30 item 4)', async () => {
      const ledger = new CreditLedger(db, { freeDailyCredits: 2 });
      const accounts = new AccountRepository(db);
      const spend = (payer: string) => {
        const t = newTask();
        return ledger.chargeForTask(payer, t, record(t, payer.split('|')[0]!));
      };
      // Six accounts of one Gmail inbox (tags, dots, googlemail.com), each signing in from its own network.
      const farm = ['farmer@gmail.com', 'farmer+1@gmail.com', 'f.a.r.m.e.r+2@gmail.com', 'farmer+3@googlemail.com', 'Farmer+4@Gmail.com', 'fa.rmer@gmail.com'];
      let spent = 0;
      for (const [i, email] of farm.entries()) {
        const { account } = await accounts.findOrCreateByEmail(email.toLowerCase());
        for (let j = 0; j < 2; j++)
          spent += await spend(`account:${account.id}|farm-net-${i}`).then(
            () => 1,
            () => 0,
          );
      }
      expect(spent).toBe(2);
      // Another person is not affected; dots still matter outside Gmail.
      const { account: other } = await accounts.findOrCreateByEmail('f.armer@example.org');
      const { account: otherDotless } = await accounts.findOrCreateByEmail('farmer@example.org');
      expect((await ledger.balance(`account:${other.id}`)).free).toBe(2);
      expect((await ledger.balance(`account:${otherDotless.id}`)).free).toBe(2);

      // Different people behind one address: at most VISITOR_DEVICES_PER_ADDRESS allowances a day between them.
      let fromOneAddress = 0;
      for (let i = 0; i < VISITOR_DEVICES_PER_ADDRESS + 2; i++) {
        const { account } = await accounts.findOrCreateByEmail(`person${i}@example.net`);
        for (let j = 0; j < 2; j++)
          fromOneAddress += await spend(`account:${account.id}|one-office`).then(
            () => 1,
            () => 0,
          );
      }
      expect(fromOneAddress).toBe(2 * VISITOR_DEVICES_PER_ADDRESS);
      // Bought credits are not capped by the address.
      const { account: buyer } = await accounts.findOrCreateByEmail('buyer@example.net');
      await ledger.grant(`account:${buyer.id}`, 3, { bucket: 'paid', ref: 'buyer-pack' });
      for (let j = 0; j < 3; j++) await spend(`account:${buyer.id}|one-office`);
    });

    it('personEmail: tags dropped everywhere, dots only for Gmail; the SQL backfill of migration 302 agrees', async () => {
      const cases: Array<[string, string]> = [
        ['Ann+news@Example.org', 'ann@example.org'],
        ['a.n.n+x@googlemail.com', 'ann@gmail.com'],
        ['a.nn@example.org', 'a.nn@example.org'],
        ['+tag@example.org', '+tag@example.org'],
        ['ann+a+b@example.org', 'ann@example.org'],
        ['ann@gmail.com', 'ann@gmail.com'],
      ];
      for (const [email, person] of cases) expect(personEmail(email)).toBe(person);
      const { PERSON_KEY_MIGRATION } = await import('../accounts/schema');
      const expression = /set person_key = ([\s\S]*?)\n  where/.exec(PERSON_KEY_MIGRATION)![1]!.replace(/\bemail\b/g, '$1::text');
      for (const [email] of cases) {
        const { rows } = await db.query<{ key: string }>(`select ${expression} as key`, [email]);
        const { personKeyOf } = await import('../accounts/accountRepository');
        expect(rows[0]!.key).toBe(personKeyOf(email));
      }
    });
  });
}
