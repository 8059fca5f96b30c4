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
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ id: 'cs_test_1', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_1' }));
      });
    });
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
    store = await target.make();
    server = await startTestServer(store, {
      workers: 0,
      accounts: { stripeSecretKey: 'sk_test_x', stripeWebhookSecret: WEBHOOK_SECRET, stripeApiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}` },
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
      method: 'POST', url: '/api/pay/stripe/webhook', payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature ?? stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
    });
  };
  const completed = (id: string) => ({
    id, object: 'event', type: 'checkout.session.completed',
    data: { object: { id: 'cs_test_1', object: 'checkout.session', payment_status: 'paid', payment_intent: 'pi_1', subscription: null } },
  });
  const balance = () => server.app.inject({ method: 'POST', url: '/api/credits/balance', headers: auth }).then((r) => r.json().data);

  it('creates a Checkout session with the pack price and returns Stripe\'s URL', async () => {
    const res = (await server.app.inject({ method: 'POST', url: '/api/purchase/checkout', payload: { productId: 'credits-100', currency: 'usd' }, headers: auth })).json();
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
    const refund = { id: 'evt_refund', object: 'event', type: 'charge.refunded', data: { object: { id: 'ch_1', object: 'charge', payment_intent: 'pi_1' } } };
    expect((await deliver(refund)).json().data.outcome).toBe('applied');
    expect((await deliver(refund)).json().data.outcome).toBe('duplicate');
    expect((await balance()).paid).toBe(0);
  });
});
