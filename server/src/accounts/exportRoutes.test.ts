import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { testDoc } from '../projects/testDoc';
import { databaseTargets } from '../testing/testDatabases';
import { startTestServer, type TestServer } from '../testing/testServer';
import { SessionStore } from './sessions';

const target = databaseTargets()[0]!;

/** The test document with its text layer set in a PRO font (Pacifico, unlockType 1). */
function proDoc() {
  const doc = testDoc('project');
  const text = doc.layers[1]!;
  if (text.value.valueType === 'text') text.value.text.fontName = 'Pacifico';
  return doc;
}

describe('pro items on export (SPEC §6)', () => {
  let store: Awaited<ReturnType<typeof target.make>>;
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    store = await target.make();
    server = await startTestServer(store, { workers: 0, accounts: { freeDailyCredits: 3 } });
    await server.runtime.db.query(`insert into accounts (id, email, provider) values ('ACC_pro', 'pro@example.org', 'email')`);
    token = await new SessionStore(server.runtime.db, 1).create('ACC_pro');
  });
  afterAll(async () => {
    await server.close();
    await store.cleanup();
  });

  const authorize = (doc: unknown, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'POST', url: '/api/export/authorize', payload: { doc } as object, headers }).then((r) => r.json());

  it('a design without pro items exports for anyone', async () => {
    expect((await authorize(testDoc('project'))).data).toEqual({ allowed: true, proItems: [] });
  });

  it('a PRO font needs a subscription: refused for a visitor and a free account, allowed once subscribed, with the item named', async () => {
    const doc = proDoc();
    const visitor = await authorize(doc);
    expect(visitor.data).toEqual({ allowed: false, proItems: [{ kind: 'font', layerId: 'L_text000000000001', name: 'Pacifico' }] });
    expect((await authorize(doc, { 'x-auth-token': token })).data.allowed).toBe(false);
    // Subscribe through the local test provider.
    const checkout = (
      await server.app.inject({ method: 'POST', url: '/api/purchase/checkout', payload: { productId: 'monthly' }, headers: { 'x-auth-token': token } })
    ).json();
    await server.app.inject({
      method: 'POST',
      url: `${new URL(checkout.data.url).pathname}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect((await authorize(doc, { 'x-auth-token': token })).data.allowed).toBe(true);
  });

  it('a pro resource (resNeedPro) and a pro ID photo template are listed; a broken document is -102', async () => {
    const doc = testDoc('project', { idPhotoParams: { isPro: true }, templateId: 'us-passport' });
    doc.layers[1] = { ...doc.layers[1]!, resNeedPro: true, resId: 'sticker-star' };
    const reply = await authorize(doc);
    expect(reply.data.proItems.map((i: { kind: string }) => i.kind).sort()).toEqual(['idPhotoTemplate', 'resource']);
    expect((await authorize({ nope: true })).resultCode).toBe(ResultCode.PARAMS_INVALID);
  });
});
