import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { SessionStore } from '../accounts/sessions';
import { databaseTargets } from '../testing/testDatabases';
import { startTestServer, type TestServer } from '../testing/testServer';

for (const target of databaseTargets()) {
  describe(`the sales promotion, decided and charged by the server (${target.name})`, () => {
    let store: Awaited<ReturnType<typeof target.make>>;
    let server: TestServer;
    const auth: Record<string, Record<string, string>> = {};

    beforeAll(async () => {
      store = await target.make();
      server = await startTestServer(store, { workers: 0 });
      const sessions = new SessionStore(server.runtime.db, 1);
      for (const id of ['ACC_new', 'ACC_late', 'ACC_old']) {
        await server.runtime.db.query(`insert into accounts (id, email, provider) values ($1, $2, 'email')`, [id, `${id}@example.org`]);
        auth[id] = { 'x-auth-token': await sessions.create(id) };
      }
    });
    afterAll(async () => {
      await server.close();
      await store.cleanup();
    });

    const post = (url: string, who: string, payload: object = {}) =>
      server.app.inject({ method: 'POST', url, payload, headers: auth[who] }).then((r) => r.json());
    const checkoutAmount = async (who: string, productId: string) => {
      const checkout = await post('/api/purchase/checkout', who, { productId, currency: 'usd' });
      return { ...(await post('/api/purchase/order', who, { purchaseId: checkout.data.purchaseId })).data, url: checkout.data.url as string };
    };

    it('a new account is offered 20 % off its first plan for 48 h from the first show; asking again does not restart the window', async () => {
      const first = (await post('/api/purchase/promotion', 'ACC_new')).data.offer;
      expect(first).toMatchObject({ promotionId: 'first-plan-20', percentOff: 20 });
      expect(first.endsAt - first.firstShownAt).toBe(48 * 3_600_000);
      const again = (await post('/api/purchase/promotion', 'ACC_new')).data.offer;
      expect(again.firstShownAt).toBe(first.firstShownAt);

      // Plans cost less while it runs; credit packs do not.
      expect((await checkoutAmount('ACC_new', 'monthly')).amount).toBe(799);
      expect((await checkoutAmount('ACC_new', 'credits-20')).amount).toBe(299);
    });

    it('once a plan is paid, the offer is gone', async () => {
      const order = await checkoutAmount('ACC_new', 'weekly');
      expect(order.amount).toBe(399);
      const path = new URL(order.url).pathname;
      await server.app.inject({ method: 'POST', url: `${path}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
      expect((await post('/api/purchase/promotion', 'ACC_new')).data.offer).toBeNull();
      expect((await checkoutAmount('ACC_new', 'yearly')).amount).toBe(7999);
    });

    it('a plan bought before the offer was ever shown, or after its window, costs the full price', async () => {
      expect((await checkoutAmount('ACC_late', 'monthly')).amount).toBe(999);
      expect((await post('/api/purchase/promotion', 'ACC_old')).data.offer).not.toBeNull();
      await server.runtime.db.query(`update promotion_offers set first_shown_at = now() - interval '49 hours' where account_id = 'ACC_old'`);
      expect((await post('/api/purchase/promotion', 'ACC_old')).data.offer).toBeNull();
      expect((await checkoutAmount('ACC_old', 'monthly')).amount).toBe(999);
    });

    it('a visitor has none (1000006: sign in first)', async () => {
      const visitor = await server.app.inject({ method: 'POST', url: '/api/purchase/promotion', payload: {} }).then((r) => r.json());
      expect(visitor.resultCode).toBe(ResultCode.ACCOUNT_AUTHORIZED_EXPIRED);
    });
  });
}
