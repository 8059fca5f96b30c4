import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { databaseTargets } from '../testing/testDatabases';
import { invertProcessor, multipart, startTestServer, type TestServer } from '../testing/testServer';
import { SessionStore } from './sessions';

const target = databaseTargets()[0]!;

/** SPEC §6: a PRO tool option (the high-quality enhancer) needs an active plan, checked before any charge. */
describe('PRO tool options on the server', () => {
  let store: Awaited<ReturnType<typeof target.make>>;
  let server: TestServer;
  let auth: Record<string, string>;
  let imgUrl: string;

  beforeAll(async () => {
    store = await target.make();
    // Jobs stay queued (workers 0): this test is about what submit accepts, not the model.
    server = await startTestServer(store, { workers: 0, processors: { picenhance: invertProcessor }, accounts: { freeDailyCredits: 3 } });
    await server.runtime.db.query(`insert into accounts (id, email, provider) values ('ACC_pro', 'pro@example.org', 'email')`);
    auth = { 'x-auth-token': await new SessionStore(server.runtime.db, 1).create('ACC_pro'), 'x-device-id': 'pro-device-0123456789abcdef' };
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const body = multipart([
      { name: 'data', value: JSON.stringify({ func: 'picenhance', fileType: 'image', subDir: 'web' }) },
      { name: 'file', value: png, filename: 'small.png', type: 'image/png' },
    ]);
    const up = await server.app.inject({ method: 'POST', url: '/api/upload', payload: body.payload, headers: { ...body.headers, ...auth } });
    expect(up.json().resultCode, up.body).toBe(ResultCode.SUCCESS);
    imgUrl = up.json().data.fileUrl;
  });
  afterAll(async () => {
    await server.close();
    await store.cleanup();
  });

  const submit = (params: object, headers: Record<string, string>) =>
    server.app.inject({ method: 'POST', url: '/api/task/picenhance', payload: { imgUrl, ...params }, headers }).then((r) => r.json());
  const balance = () => server.app.inject({ method: 'POST', url: '/api/credits/balance', headers: auth }).then((r) => r.json().data.total);

  it('refuses the high-quality enhancer to a visitor and to a free account, names the option, and charges nothing', async () => {
    const visitor = await submit({ quality: 'high', scale: 4 }, { 'x-device-id': 'visitor-device-0123456789abcd' });
    expect(visitor.resultCode).toBe(ResultCode.PARAMS_INVALID);
    expect(visitor.data).toEqual({ proOptions: ['picenhance.quality.high'] });
    const before = await balance();
    const free = await submit({ quality: 'high', scale: 4 }, auth);
    expect(free.data).toEqual({ proOptions: ['picenhance.quality.high'] });
    expect(await balance()).toBe(before);
    // The default (fast) model stays open to everyone.
    expect((await submit({ quality: 'fast', scale: 2 }, auth)).resultCode).toBe(ResultCode.SUCCESS);
  });

  it('accepts it once the account has a plan', async () => {
    const checkout = (
      await server.app.inject({ method: 'POST', url: '/api/purchase/checkout', payload: { productId: 'weekly', currency: 'usd' }, headers: auth })
    ).json();
    const path = new URL(checkout.data.url).pathname;
    await server.app.inject({ method: 'POST', url: `${path}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    const reply = await submit({ quality: 'high', scale: 4 }, auth);
    expect(reply.resultCode).toBe(ResultCode.SUCCESS);
    expect(reply.data.taskId).toEqual(expect.any(String));
  });
});
