import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { SessionStore } from '../accounts/sessions';
import { databaseTargets } from '../testing/testDatabases';
import { startTestServer, type TestServer } from '../testing/testServer';

const target = databaseTargets()[0]!;

describe('purchases with the local test provider (embedded default)', () => {
  let store: Awaited<ReturnType<typeof target.make>>;
  let server: TestServer;
  let auth: Record<string, string>;

  beforeAll(async () => {
    store = await target.make();
    server = await startTestServer(store, { workers: 0, accounts: { freeDailyCredits: 3 } });
    await server.runtime.db.query(`insert into accounts (id, email, provider) values ('ACC_buyer', 'buyer@example.org', 'email')`);
    auth = { 'x-auth-token': await new SessionStore(server.runtime.db, 1).create('ACC_buyer') };
  });
  afterAll(async () => {
    await server.close();
    await store.cleanup();
  });

  const post = (url: string, payload: unknown = {}, headers = auth) =>
    server.app.inject({ method: 'POST', url, payload: payload as object, headers }).then((r) => r.json());
  const pay = async (checkoutUrl: string) => {
    const path = new URL(checkoutUrl).pathname;
    const page = await server.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('TEST PAYMENT — no money moves.');
    return server.app.inject({ method: 'POST', url: `${path}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
  };

  it('buys a credit pack: pending order, test payment page, paid order, 20 credits that a second "Pay" does not grant again', async () => {
    const checkout = await post('/api/purchase/checkout', { productId: 'credits-20', currency: 'eur', returnUrl: '/de/order' });
    expect(checkout.resultCode).toBe(ResultCode.SUCCESS);
    expect(checkout.data.url).toMatch(/^http:\/\/localhost(:\d+)?\/api\/pay\/test\/checkout\/test_cs_/);
    expect((await post('/api/purchase/order', { purchaseId: checkout.data.purchaseId })).data).toMatchObject({
      status: 'pending',
      amount: 299,
      currency: 'eur',
    });
    const paid = await pay(checkout.data.url);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(new RegExp(`/de/order\\?purchase=${checkout.data.purchaseId}&result=success$`));
    await pay(checkout.data.url);
    expect((await post('/api/credits/balance')).data).toMatchObject({ paid: 20, free: 3, total: 23 });
    const orders = (await post('/api/purchase/orders')).data.orders;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ productKind: 'Credits', productId: 'credits-20', status: 'paid' });
  });

  it('subscribes to the monthly plan (150 plan credits), a second purchase of it is "repeat", cancel keeps it until the period ends', async () => {
    const checkout = await post('/api/purchase/checkout', { productId: 'monthly', currency: 'usd' });
    await pay(checkout.data.url);
    const info = (await post('/api/account/info')).data;
    expect(info.subscription).toMatchObject({ planId: 'monthly', status: 'Active' });
    expect(info.balance).toMatchObject({ plan: 150, paid: 20 });
    expect((await post('/api/purchase/checkout', { productId: 'monthly', currency: 'usd' })).data).toMatchObject({ repeat: true });
    expect((await post('/api/purchase/subscription/cancel')).data.subscription.status).toBe('Canceled');
    expect((await post('/api/purchase/subscription')).data.subscription.status).toBe('Canceled');
    expect((await post('/api/account/info')).data.balance.plan).toBe(150);
  });

  it('refuses checkout without sign-in (1000006), unknown products, the free plan and off-site return URLs', async () => {
    expect((await post('/api/purchase/checkout', { productId: 'credits-20' }, {})).resultCode).toBe(ResultCode.ACCOUNT_AUTHORIZED_EXPIRED);
    expect((await post('/api/purchase/checkout', { productId: 'nope' })).resultCode).toBe(ResultCode.PARAMS_INVALID);
    expect((await post('/api/purchase/checkout', { productId: 'free' })).resultCode).toBe(ResultCode.PARAMS_INVALID);
    expect((await post('/api/purchase/checkout', { productId: 'credits-20', returnUrl: '//evil.example/x' })).resultCode).toBe(ResultCode.PARAMS_INVALID);
    expect((await post('/api/purchase/checkout', { productId: 'credits-20', currency: 'xyz' })).resultCode).toBe(ResultCode.PARAMS_INVALID);
  });
});

describe('an abandoned local test checkout (issue 29)', () => {
  let store: Awaited<ReturnType<typeof target.make>>;
  let server: TestServer;
  let auth: Record<string, string>;

  beforeAll(async () => {
    store = await target.make();
    server = await startTestServer(store, { workers: 0, accounts: { freeDailyCredits: 3 } });
    await server.runtime.db.query(`insert into accounts (id, email, provider) values ('ACC_late', 'late@example.org', 'email')`);
    auth = { 'x-auth-token': await new SessionStore(server.runtime.db, 1).create('ACC_late') };
  });
  afterAll(async () => {
    await server.close();
    await store.cleanup();
  });
  const post = (url: string, payload: unknown = {}) =>
    server.app.inject({ method: 'POST', url, payload: payload as object, headers: auth }).then((r) => r.json());

  it('shows the pack by its name, not its id; expires after 30 minutes unpaid, and can no longer be paid', async () => {
    const checkout = await post('/api/purchase/checkout', { productId: 'credits-100', currency: 'usd', returnUrl: '/en/order' });
    const path = new URL(checkout.data.url).pathname;
    const page = await server.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('<h1>TEST · 100 credits</h1>');
    expect(page.body).not.toContain('credits-100');
    expect(page.body).toContain('Pay (test)');
    // A fresh checkout is still waiting; one started 31 minutes ago is cancelled when the orders are read.
    expect((await post('/api/purchase/order', { purchaseId: checkout.data.purchaseId })).data.status).toBe('pending');
    await server.runtime.db.query(`update purchases set created_at = now() - interval '31 minutes' where id = $1`, [checkout.data.purchaseId]);
    expect((await post('/api/purchase/orders')).data.orders[0]).toMatchObject({ id: checkout.data.purchaseId, status: 'canceled' });
    const expired = await server.app.inject({ method: 'GET', url: path });
    expect(expired.body).toContain('TEST checkout: this checkout has expired');
    expect(expired.body).not.toContain('Pay (test)');
    const paid = await server.app.inject({ method: 'POST', url: `${path}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toContain('result=cancel');
    expect((await post('/api/credits/balance')).data.paid).toBe(0);
  });
});
