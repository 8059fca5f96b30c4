import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { accountPayer } from './creditLedger';
import type { Processor } from '../processors';
import { databaseTargets } from '../testing/testDatabases';
import { readPhoto } from '../testing/testPhotos';
import { invertProcessor, multipart, startTestServer, type TestServer } from '../testing/testServer';

/** A model that always crashes, to prove the charge comes back. */
const crashingProcessor: Processor = async () => {
  throw new Error('model crashed');
};

const target = databaseTargets()[0]!;
let photo: Buffer;

/** A multipart upload of the test photo, sent with the caller's own headers. */
function multipartWith(headers: Record<string, string>) {
  const body = multipart([{ name: 'file', value: photo, filename: 'c.jpg', type: 'image/jpeg' }]);
  return { ...body, headers: { ...body.headers, ...headers } };
}

describe('tasks pay with credits (HTTP, PGlite)', () => {
  let store: Awaited<ReturnType<typeof target.make>>;
  let server: TestServer;

  beforeAll(async () => {
    store = await target.make();
    server = await startTestServer(store, {
      workers: 1,
      processors: { removebg: invertProcessor, picenhance: crashingProcessor },
      accounts: { freeDailyCredits: 3 },
    });
    photo = await readPhoto('chelsea');
  });
  afterAll(async () => {
    await server.close();
    await store.cleanup();
  });

  // Uploads belong to their caller (security/fileAccess.ts): each caller submits a photo it uploaded itself.
  const uploadAs = async (headers: Record<string, string>, remoteAddress?: string) =>
    (await server.app.inject({ method: 'POST', url: '/api/upload', remoteAddress, ...multipartWith(headers) })).json().data.fileUrl as string;
  const submit = async (type: string, headers: Record<string, string>) =>
    server.app.inject({ method: 'POST', url: `/api/task/${type}`, payload: { imgUrl: await uploadAs(headers) }, headers }).then((r) => r.json());
  const balance = (headers: Record<string, string>) => server.app.inject({ method: 'POST', url: '/api/credits/balance', headers }).then((r) => r.json().data);
  async function settle(taskId: string, headers: Record<string, string>) {
    for (let i = 0; i < 100; i++) {
      const entry = (await server.app.inject({ method: 'POST', url: '/api/task/status', payload: { taskId }, headers })).json().data.result[taskId];
      if (entry.resultCode !== ResultCode.GPU_TASK_UNFINISHED) return entry;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('task did not settle');
  }

  it('a visitor device gets 3 free credits a day; the 4th cut-out is 1010103; another device has its own allowance', async () => {
    const device = { 'x-device-id': 'visitor-device-000000000001' };
    for (let i = 0; i < 3; i++) expect((await submit('removebg', device)).resultCode).toBe(ResultCode.SUCCESS);
    expect(await balance(device)).toMatchObject({ free: 0, total: 0 });
    const refused = await submit('removebg', device);
    expect(refused.resultCode).toBe(ResultCode.CREDITS_NOT_ENOUGH);
    expect((await submit('removebg', { 'x-device-id': 'visitor-device-000000000002' })).resultCode).toBe(ResultCode.SUCCESS);
  });

  it('a task whose model fails gives its credits back, once', async () => {
    const device = { 'x-device-id': 'visitor-device-000000000003' };
    const sub = await submit('picenhance', device);
    expect(sub.resultCode).toBe(ResultCode.SUCCESS);
    expect((await settle(sub.data.taskId, device)).resultCode).toBe(ResultCode.GPU_HANDLE_FAILED);
    expect(await balance(device)).toMatchObject({ free: 3 });
    await server.app.inject({ method: 'POST', url: '/api/task/cancel', payload: { taskId: sub.data.taskId }, headers: device });
    expect(await balance(device)).toMatchObject({ free: 3 });
  });

  it('an account spends its bought credits after the allowance, and a forged token is 1000006, not free use', async () => {
    const accounts = server.runtime.db;
    await accounts.query(`insert into accounts (id, email, provider) values ('ACC_pay', 'pay@example.org', 'email')`);
    // Sign in through the real code path is covered in accountRoutes.test.ts; here a session row is enough.
    const { SessionStore } = await import('../accounts/sessions');
    const token = await new SessionStore(accounts, 1).create('ACC_pay');
    const { CreditLedger } = await import('./creditLedger');
    await new CreditLedger(accounts, { freeDailyCredits: 3 }).grant(accountPayer('ACC_pay'), 2, { bucket: 'paid', ref: 'pay-pack' });
    const auth = { 'x-auth-token': token };
    for (let i = 0; i < 5; i++) {
      const reply = await submit('removebg', auth);
      expect(reply.resultCode, JSON.stringify(reply)).toBe(ResultCode.SUCCESS);
    }
    expect((await submit('removebg', auth)).resultCode).toBe(ResultCode.CREDITS_NOT_ENOUGH);
    const forged = { 'x-auth-token': 'lc_forged' };
    const ownPhoto = await uploadAs(auth);
    expect((await server.app.inject({ method: 'POST', url: '/api/task/removebg', payload: { imgUrl: ownPhoto }, headers: forged })).json().resultCode).toBe(
      ResultCode.ACCOUNT_AUTHORIZED_EXPIRED,
    );
    // A forged token cannot upload either: it is no visitor, it is a dead sign-in.
    expect((await server.app.inject({ method: 'POST', url: '/api/upload', ...multipartWith(forged) })).json().resultCode).toBe(
      ResultCode.ACCOUNT_AUTHORIZED_EXPIRED,
    );
  });
});

describe('visitors behind one network address (HTTP, PGlite)', () => {
  let store: Awaited<ReturnType<typeof target.make>>;
  let server: TestServer;

  beforeAll(async () => {
    store = await target.make();
    server = await startTestServer(store, { workers: 0, accounts: { freeDailyCredits: 3 } });
    photo = await readPhoto('chelsea');
  });
  afterAll(async () => {
    await server.close();
    await store.cleanup();
  });

  it("share at most 5 devices' free allowances a day: new device ids do not mint free credits; another address is not affected", async () => {
    const submit = async (device: string, ip: string) => {
      const headers = { 'x-device-id': device };
      const up = await server.app.inject({ method: 'POST', url: '/api/upload', remoteAddress: ip, ...multipartWith(headers) });
      const imgUrl = up.json().data.fileUrl as string;
      return server.app.inject({ method: 'POST', url: '/api/task/removebg', payload: { imgUrl }, headers, remoteAddress: ip }).then((r) => r.json().resultCode);
    };
    const codes: number[] = [];
    for (let d = 0; d < 6; d++) for (let i = 0; i < 3; i++) codes.push(await submit(`rotating-device-${String(d).padStart(8, '0')}`, '10.1.1.1'));
    expect(codes.filter((c) => c === ResultCode.SUCCESS)).toHaveLength(15);
    expect(codes.slice(15)).toEqual([ResultCode.CREDITS_NOT_ENOUGH, ResultCode.CREDITS_NOT_ENOUGH, ResultCode.CREDITS_NOT_ENOUGH]);
    expect(await submit('rotating-device-00000099', '10.2.2.2')).toBe(ResultCode.SUCCESS);
    const balance = await server.app.inject({
      method: 'POST',
      url: '/api/credits/balance',
      headers: { 'x-device-id': 'rotating-device-00000077' },
      remoteAddress: '10.1.1.1',
    });
    expect(balance.json().data.free).toBe(0);
  });
});
