import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { SessionStore } from '../accounts/sessions';
import { databaseTargets } from '../testing/testDatabases';
import { startTestServer, type TestServer } from '../testing/testServer';

const WEBHOOK_SECRET = 'whsec_test_lumacut';
const target = databaseTargets()[0]!;

/**
 * Stripe's API cannot be reached from the tests, so checkout-session creation goes to a local
 * HTTP server (STRIPE_API_URL, as with stripe-mock) that records the form-encoded request the
 * real `stripe` client sends. Webhooks are signed with the package's own test header generator.
 */
describe('Stripe Checkout and webhooks', () => {
  let store: Awaited<ReturnType<typeof target.make>>;
  let server: TestServer;
  let api: Server;
  const apiRequests: Array<{ path: string; body: URLSearchParams }> = [];
  let auth: Record<string, string>;
  const stripe = new Stripe('sk_test_x');

  beforeAll(async () => {
    api = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        apiRequests.push({ path: req.url ?? '', body: new URLSearchParams(body) });
        // Each checkout gets its own session id, as Stripe's would: cs_test_1, cs_test_2, …
        const id = `cs_test_${apiRequests.filter((r) => r.path === '/v1/checkout/sessions').length}`;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}` }));
      });
    });
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
    store = await target.make();
    server = await startTestServer(store, {
      workers: 0,
      accounts: {
        payments: 'stripe',
        stripeSecretKey: 'sk_test_x',
        stripeWebhookSecret: WEBHOOK_SECRET,
        stripeApiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
      },
    });
    await server.runtime.db.query(`insert into accounts (id, email, provider) values ('ACC_s', 's@example.org', 'email')`);
    auth = { 'x-auth-token': await new SessionStore(server.runtime.db, 1).create('ACC_s') };
  });
  afterAll(async () => {
    await server.close();
    await store.cleanup();
    await new Promise((r) => api.close(r));
  });

  const deliver = (event: object, signature?: string) => {
    const payload = JSON.stringify(event);
    return server.app.inject({
      method: 'POST',
      url: '/api/pay/stripe/webhook',
      payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signature ?? stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
    });
  };
  const completed = (id: string) => ({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: 'cs_test_1',
        object: 'checkout.session',
        payment_status: 'paid',
        payment_intent: 'pi_1',
        subscription: null,
        amount_total: 999,
        currency: 'usd',
      },
    },
  });
  const balance = () => server.app.inject({ method: 'POST', url: '/api/credits/balance', headers: auth }).then((r) => r.json().data);

  it("creates a Checkout session with the pack price and returns Stripe's URL", async () => {
    const res = (
      await server.app.inject({ method: 'POST', url: '/api/purchase/checkout', payload: { productId: 'credits-100', currency: 'usd' }, headers: auth })
    ).json();
    expect(res.data.url).toBe('https://checkout.stripe.com/c/pay/cs_test_1');
    const sent = apiRequests.at(-1)!;
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.body.get('mode')).toBe('payment');
    expect(sent.body.get('line_items[0][price_data][unit_amount]')).toBe('999');
    expect(sent.body.get('client_reference_id')).toBe(res.data.purchaseId);
    expect(sent.body.get('success_url')).toMatch(/\/order\?purchase=ORD_\w+&result=success$/);
  });

  it('a signed webhook grants the credits once, even when delivered twice; forged and stale ones are refused', async () => {
    const forged = await deliver(completed('evt_forged'), 't=1,v1=deadbeef');
    expect(forged.statusCode).toBe(400);
    const payload = JSON.stringify(completed('evt_old'));
    const stale = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await deliver(completed('evt_old'), stale)).statusCode).toBe(400);
    expect((await balance()).paid).toBe(0);

    expect((await deliver(completed('evt_1'))).json().data.outcome).toBe('applied');
    expect((await deliver(completed('evt_1'))).json().data.outcome).toBe('duplicate');
    // Another event for the same, already paid, session grants nothing either.
    expect((await deliver(completed('evt_2'))).json().resultCode).toBe(ResultCode.SUCCESS);
    expect((await balance()).paid).toBe(100);
    const orders = (await server.app.inject({ method: 'POST', url: '/api/purchase/orders', headers: auth })).json().data.orders;
    expect(orders[0]).toMatchObject({ status: 'paid', provider: 'stripe' });
  });

  it('a refund event takes the pack back', async () => {
    const refund = {
      id: 'evt_refund',
      object: 'event',
      type: 'charge.refunded',
      data: { object: { id: 'ch_1', object: 'charge', payment_intent: 'pi_1', amount: 999, amount_refunded: 999, currency: 'usd' } },
    };
    expect((await deliver(refund)).json().data.outcome).toBe('applied');
    expect((await deliver(refund)).json().data.outcome).toBe('duplicate');
    expect((await balance()).paid).toBe(0);
  });

  it('a plan bought through Checkout renews on each paid cycle invoice (once per event) and ends when Stripe deletes it', async () => {
    const subscription = () => server.app.inject({ method: 'POST', url: '/api/purchase/subscription', headers: auth }).then((r) => r.json().data.subscription);
    const checkout = (
      await server.app.inject({ method: 'POST', url: '/api/purchase/checkout', payload: { productId: 'monthly', currency: 'usd' }, headers: auth })
    ).json().data;
    const sent = apiRequests.at(-1)!;
    expect(sent.body.get('mode')).toBe('subscription');
    expect(sent.body.get('line_items[0][price_data][recurring][interval]')).toBe('day');
    expect(sent.body.get('line_items[0][price_data][recurring][interval_count]')).toBe('30');
    const sessionId = /cs_test_\d+$/.exec(checkout.url)![0];
    const checkoutAmount = Number(sent.body.get('line_items[0][price_data][unit_amount]'));

    const started = {
      id: 'evt_sub_started',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          payment_status: 'paid',
          payment_intent: null,
          subscription: 'sub_1',
          amount_total: checkoutAmount,
          currency: 'usd',
        },
      },
    };
    expect((await deliver(started)).json().data.outcome).toBe('applied');
    const first = await subscription();
    expect(first).toMatchObject({ planId: 'monthly', status: 'Active', provider: 'stripe' });
    expect((await balance()).plan).toBe(150);

    const invoice = (id: string, billingReason: string, periodEnd: number) => ({
      id,
      object: 'event',
      type: 'invoice.paid',
      data: {
        object: {
          id: `in_${id}`,
          object: 'invoice',
          billing_reason: billingReason,
          period_end: periodEnd,
          parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1' } },
          lines: { object: 'list', data: [{ period: { start: periodEnd - 30 * 86_400, end: periodEnd } }] },
        },
      },
    });
    const nextEnd = Math.floor(new Date(first.currentPeriodEnd).getTime() / 1000) + 30 * 86_400;
    // The first invoice of a subscription is its creation, already applied by the checkout event.
    expect((await deliver(invoice('evt_inv_create', 'subscription_create', nextEnd))).json().data.outcome).not.toBe('failed');
    expect((await subscription()).currentPeriodEnd).toBe(first.currentPeriodEnd);

    expect((await deliver(invoice('evt_inv_cycle', 'subscription_cycle', nextEnd))).json().data.outcome).toBe('applied');
    expect((await deliver(invoice('evt_inv_cycle', 'subscription_cycle', nextEnd))).json().data.outcome).toBe('duplicate');
    const renewed = await subscription();
    expect(renewed.currentPeriodStart).toBe(first.currentPeriodEnd);
    expect(renewed.currentPeriodEnd).toBe(new Date(nextEnd * 1000).toISOString());
    // One grant for the new period, whatever the number of deliveries.
    const grants = await server.runtime.db.query<{ n: number }>(
      `select count(*)::int as n from credit_ledger where payer = 'account:ACC_s' and bucket = 'plan' and amount > 0`,
    );
    expect(grants.rows[0]!.n).toBe(2);

    const deleted = {
      id: 'evt_sub_deleted',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: 'sub_1', object: 'subscription' } },
    };
    expect((await deliver(deleted)).json().data.outcome).toBe('applied');
    expect(await subscription()).toBeNull();
    const row = await server.runtime.db.query<{ status: string }>(`select status from subscriptions where provider_ref = 'sub_1'`);
    expect(row.rows[0]!.status).toBe('Expired');
  });

  /** Issue 30 item 7: what Stripe says was paid must be what the order costs. */
  describe('amounts, currencies and partial refunds', () => {
    const order = async () => {
      const res = (
        await server.app.inject({ method: 'POST', url: '/api/purchase/checkout', payload: { productId: 'credits-100', currency: 'usd' }, headers: auth })
      ).json().data;
      return { purchaseId: res.purchaseId as string, sessionId: /cs_test_\d+$/.exec(res.url)![0] };
    };
    const completedFor = (id: string, sessionId: string, fields: Record<string, unknown>) => ({
      id,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          payment_status: 'paid',
          payment_intent: `pi_${id}`,
          subscription: null,
          amount_total: 999,
          currency: 'usd',
          ...fields,
        },
      },
    });
    const status = async (purchaseId: string) =>
      (await server.app.inject({ method: 'POST', url: '/api/purchase/order', payload: { purchaseId }, headers: auth })).json().data.status;

    it('a completed checkout for less money, another currency or "no payment required" grants nothing and holds the order for review', async () => {
      const before = (await balance()).paid;
      for (const [n, fields] of [
        [1, { amount_total: 1 }],
        [2, { currency: 'eur' }],
        [3, { payment_status: 'no_payment_required', amount_total: 0 }],
        [4, { amount_total: null }],
      ] as const) {
        const o = await order();
        expect((await deliver(completedFor(`evt_bad_${n}`, o.sessionId, fields))).json().data.outcome).toBe('applied');
        expect(await status(o.purchaseId)).toBe('review');
        // A later, correct event for the same order settles nothing either: the order is no longer pending.
        await deliver(completedFor(`evt_bad_${n}_again`, o.sessionId, {}));
        expect(await status(o.purchaseId)).toBe('review');
      }
      expect((await balance()).paid).toBe(before);
    });

    it('a partial refund takes back a pro-rated share of the pack; the rest follows with the full refund, once', async () => {
      const o = await order();
      const start = (await balance()).paid;
      await deliver(completedFor('evt_ok_partial', o.sessionId, {}));
      expect((await balance()).paid).toBe(start + 100);
      const refund = (id: string, refunded: number) => ({
        id,
        object: 'event',
        type: 'charge.refunded',
        data: { object: { id: 'ch_p', object: 'charge', payment_intent: 'pi_evt_ok_partial', amount: 999, amount_refunded: refunded, currency: 'usd' } },
      });
      await deliver(refund('evt_part_1', 300)); // 300/999 of 100 credits, rounded up: 31
      expect(await status(o.purchaseId)).toBe('partially_refunded');
      expect((await balance()).paid).toBe(start + 69);
      await deliver(refund('evt_part_old', 100)); // an older, smaller total arriving late changes nothing
      expect((await balance()).paid).toBe(start + 69);
      await deliver(refund('evt_part_full', 999));
      expect(await status(o.purchaseId)).toBe('refunded');
      expect((await balance()).paid).toBe(start);
    });
  });
});
