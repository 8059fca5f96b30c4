import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database';
import { migrate } from '../schema';
import { CreditLedger, accountPayer } from '../credits/creditLedger';
import { databaseTargets } from '../testing/testDatabases';
import { CommerceService } from './commerceService';
import { createTestProvider } from './testProvider';

const target = databaseTargets()[0]!;

describe('plans and subscriptions over time (test provider, PGlite)', () => {
  let store: Awaited<ReturnType<typeof target.make>>;
  let db: Database;
  let now = new Date('2026-01-01T00:00:00Z');
  const clock = () => now;
  let ledger: CreditLedger;
  let commerce: CommerceService;
  const provider = createTestProvider();

  beforeAll(async () => {
    store = await target.make();
    db = await openDatabase({ databaseUrl: null, pgliteDir: store.pgliteDir });
    await migrate(db);
    ledger = new CreditLedger(db, { freeDailyCredits: 0, now: clock });
    commerce = new CommerceService({ db, ledger, provider, now: clock });
  });
  afterAll(async () => {
    await db.close();
    await store.cleanup();
  });

  async function buy(accountId: string, productId: string) {
    await db.query(`insert into accounts (id, email, provider) values ($1, $2, 'email') on conflict do nothing`, [accountId, `${accountId}@example.org`]);
    const checkout = await commerce.checkout({ accountId, email: null, productId, currency: 'usd', returnUrl: 'http://x/order' });
    if (checkout.repeat) throw new Error('repeat');
    const sessionId = checkout.url.split('/').pop()!;
    const order = (await commerce.pendingBySession(sessionId))!;
    expect(await commerce.apply(provider.completeEvent(sessionId, { amount: order.amount, currency: order.currency }))).toBe('applied');
    return checkout.purchaseId;
  }

  it('an Active weekly plan renews each week with fresh credits; unused ones do not roll over; bought credits never lapse', async () => {
    now = new Date('2026-01-01T00:00:00Z');
    await buy('ACC_week', 'weekly');
    await buy('ACC_week', 'credits-20');
    expect(await ledger.balance(accountPayer('ACC_week'))).toMatchObject({ plan: 30, paid: 20 });
    now = new Date('2026-01-09T00:00:00Z');
    const renewed = await commerce.currentSubscription('ACC_week');
    expect(renewed).toMatchObject({ status: 'Active', currentPeriodEnd: '2026-01-15T00:00:00.000Z' });
    expect(await ledger.balance(accountPayer('ACC_week'))).toMatchObject({ plan: 30, paid: 20 });
    now = new Date('2027-06-01T00:00:00Z');
    await commerce.cancelSubscription('ACC_week');
    now = new Date('2027-07-01T00:00:00Z');
    expect(await commerce.currentSubscription('ACC_week')).toMatchObject({ status: 'Expired' });
    expect(await ledger.balance(accountPayer('ACC_week'))).toMatchObject({ plan: 0, paid: 20 });
  });

  it('the lifetime plan never expires; the unlimited plan makes tasks free while it runs', async () => {
    now = new Date('2026-01-01T00:00:00Z');
    await buy('ACC_life', 'lifetime');
    now = new Date('2036-01-01T00:00:00Z');
    expect(await commerce.currentSubscription('ACC_life')).toMatchObject({ planId: 'lifetime', status: 'Active', currentPeriodEnd: null });

    now = new Date('2026-01-01T00:00:00Z');
    await buy('ACC_unl', 'unlimited-monthly');
    await db.query(`insert into tasks (id, type, status, params) values ('t_unl', 'aibg', 'queued', '{}')`);
    const charged = await ledger.chargeForTask(accountPayer('ACC_unl'), { id: 't_unl2', type: 'aibg' }, (tx) =>
      tx.query(`insert into tasks (id, type, status, params) values ('t_unl2', 'aibg', 'queued', '{}')`).then(() => undefined),
    );
    expect(charged.cost).toBe(0);
    const { rows } = await db.query<{ bucket: string; amount: number }>(`select bucket, amount from credit_ledger where task_id = 't_unl2'`);
    expect(rows).toEqual([{ bucket: 'unlimited', amount: 0 }]);
  });

  it('a refunded credit pack takes back what is left of it, once', async () => {
    now = new Date('2026-02-01T00:00:00Z');
    const id = await buy('ACC_ref', 'credits-100');
    expect((await ledger.balance(accountPayer('ACC_ref'))).paid).toBe(100);
    await commerce.refund(id);
    expect((await ledger.balance(accountPayer('ACC_ref'))).paid).toBe(0);
    await expect(commerce.refund(id)).rejects.toThrow(/no paid purchase/);
    expect((await commerce.orders('ACC_ref'))[0]).toMatchObject({ status: 'refunded' });
  });
});
