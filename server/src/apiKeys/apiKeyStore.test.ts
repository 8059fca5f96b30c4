import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database';
import { migrate } from '../schema';
import { databaseTargets } from '../testing/testDatabases';
import { API_KEYS_PER_ACCOUNT, ApiKeyStore } from './apiKeyStore';

for (const target of databaseTargets()) {
  describe(`API keys and the purchase checks' schema on ${target.name}`, () => {
    let store: Awaited<ReturnType<typeof target.make>>;
    let db: Database;
    let now = 1_000_000;
    let keys: ApiKeyStore;

    beforeAll(async () => {
      store = await target.make();
      db = await openDatabase({ databaseUrl: store.databaseUrl, pgliteDir: store.pgliteDir });
      await migrate(db);
      keys = new ApiKeyStore(db, () => now);
      await db.query(`insert into accounts (id, email, provider) values ('ACC_k1', 'k1@example.org', 'email'), ('ACC_k2', 'k2@example.org', 'email')`);
    });
    afterAll(async () => {
      await db.close();
      await store.cleanup();
    });

    it('a key verifies as its account until revoked; only its owner can revoke it; last use is written at most once a minute', async () => {
      const made = await keys.create('ACC_k1', 'shop');
      expect(await keys.verify(made.key)).toEqual({ accountId: 'ACC_k1', keyId: made.id });
      const first = (await keys.list('ACC_k1'))[0]!.lastUsedAt;
      expect(first).toBe(new Date(1_000_000).toISOString());
      now += 30_000;
      await keys.verify(made.key);
      expect((await keys.list('ACC_k1'))[0]!.lastUsedAt).toBe(first);
      now += 60_000;
      await keys.verify(made.key);
      expect((await keys.list('ACC_k1'))[0]!.lastUsedAt).toBe(new Date(now).toISOString());
      // One character changed (never to itself: a key that already ends in x once made this a no-op and the test flaky).
      const tampered = `${made.key.slice(0, -1)}${made.key.endsWith('x') ? 'y' : 'x'}`;
      expect(await keys.verify(tampered)).toBeNull();
      expect(await keys.revoke('ACC_k2', made.id)).toBe(false);
      expect(await keys.verify(made.key)).not.toBeNull();
      expect(await keys.revoke('ACC_k1', made.id)).toBe(true);
      expect(await keys.verify(made.key)).toBeNull();
    });

    it(`at most ${API_KEYS_PER_ACCOUNT} live keys per account; a deleted account's keys stop working`, async () => {
      const made = await Promise.all(Array.from({ length: API_KEYS_PER_ACCOUNT }, (_, i) => keys.create('ACC_k2', `k${i}`)));
      await expect(keys.create('ACC_k2', 'one more')).rejects.toThrow(RangeError);
      await db.query(`update accounts set deleted_at = now() where id = 'ACC_k2'`);
      expect(await keys.verify(made[0]!.key)).toBeNull();
    });

    it('purchases take the review and partially_refunded statuses and a refunded amount', async () => {
      await db.query(`insert into purchases (id, account_id, product_kind, product_id, amount, currency, status, provider, refunded_amount, review_note)
        values ('ORD_a', 'ACC_k1', 'Credits', 'credits-100', 999, 'usd', 'partially_refunded', 'stripe', 300, 'partial'), ('ORD_b', 'ACC_k1', 'Credits', 'credits-100', 999, 'usd', 'review', 'stripe', 0, 'x')`);
      await expect(
        db.query(
          `insert into purchases (id, account_id, product_kind, product_id, amount, currency, status, provider) values ('ORD_c', 'ACC_k1', 'Credits', 'credits-100', 1, 'usd', 'bogus', 'stripe')`,
        ),
      ).rejects.toThrow();
    });
  });
}
