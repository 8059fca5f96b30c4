import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_PASSPHRASE, CLIENT_ID } from '../../../engine/crypto/appSecrets';
import { decryptText, encryptText } from '../../../engine/crypto/requestCrypto';
import { unscrambleReply } from '../../../engine/crypto/shuffleDecode';
import { ResultCode } from '../../../engine/spec/errors';
import type { SecurityConfig } from '../config/securityConfig';
import { registerSecurityRoutes } from './securityRoutes';

const DEVICE = 'device-0123456789abcdef';
const security: SecurityConfig = {
  baseKey: 'base-key-for-tests-0123456789',
  appPassphrase: APP_PASSPHRASE,
  appConfig: { AS: 'request-secret-for-tests-0123', OSS_TOKEN: 'oss', enablePicReview: false, enableTextReview: true },
  hostEnvironment: 'production',
  hosts: { 'https://a.example': 3, 'https://b.example': 1 },
  secretsFile: null,
};
const AS = security.appConfig.AS;
const apps: FastifyInstance[] = [];

async function makeApp(withTaskRoute = true): Promise<FastifyInstance> {
  const app = Fastify();
  registerSecurityRoutes(app, { security, now: () => Date.UTC(2024, 0, 2, 3, 4, 5) });
  if (withTaskRoute) {
    // Stands in for the real task route: echoes what it was given.
    app.post<{ Params: { taskType: string } }>('/api/task/:taskType', async (request, reply) => {
      if (request.params.taskType === 'broke')
        return reply.code(200).send({ resultCode: ResultCode.CREDITS_NOT_ENOUGH, msg: 'credits not enough', data: null });
      return {
        resultCode: 100,
        msg: 'success',
        data: { taskId: 't1', type: request.params.taskType, body: request.body, device: request.headers['x-device-id'] },
      };
    });
  }
  await app.ready();
  apps.push(app);
  return app;
}

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

interface CallOptions {
  headers?: Record<string, string | undefined>;
  nonceText?: string;
  nonceSecret?: string;
  data?: string;
}

async function signed(app: FastifyInstance, name: string, payload: unknown, opts: CallOptions = {}) {
  const headers: Record<string, string | undefined> = {
    'content-type': 'application/x-www-form-urlencoded',
    'x-client-id': CLIENT_ID,
    'x-client-version': '1.8.0',
    'x-device-id': DEVICE,
    'x-platform': '5',
    'x-nonce': await encryptText(opts.nonceText ?? DEVICE, opts.nonceSecret ?? AS),
    ...opts.headers,
  };
  for (const k of Object.keys(headers)) if (headers[k] === undefined) delete headers[k];
  const data = opts.data ?? (await encryptText(JSON.stringify(payload), AS));
  return app.inject({
    method: 'POST',
    url: `/api/dist/${name}`,
    headers: headers as Record<string, string>,
    payload: new URLSearchParams({ data }).toString(),
  });
}

async function openData(body: string): Promise<unknown> {
  const envelope = JSON.parse(body) as { resultCode: number; data: string };
  expect(envelope.resultCode).toBe(100);
  return JSON.parse((await decryptText(envelope.data, AS)) ?? 'null');
}

describe('GET /api/sa/kesab and /api/sa/af', () => {
  it('serves the base key encrypted with the app passphrase, uncacheable', async () => {
    const app = await makeApp();
    const res = await app.inject({ url: '/api/sa/kesab' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const envelope = res.json() as { resultCode: number; data: string };
    expect(envelope.resultCode).toBe(100);
    expect(envelope.data).not.toContain(security.baseKey);
    expect(await decryptText(envelope.data, APP_PASSPHRASE)).toBe(security.baseKey);
  });

  it('serves the app config encrypted with the base key', async () => {
    const app = await makeApp();
    const res = await app.inject({ url: '/api/sa/af' });
    const envelope = res.json() as { resultCode: number; data: string };
    expect(envelope.data).not.toContain('enableTextReview');
    expect(JSON.parse((await decryptText(envelope.data, security.baseKey)) ?? '')).toEqual(security.appConfig);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await decryptText(envelope.data, APP_PASSPHRASE)).toBeNull();
  });
});

describe('POST /api/dist/<name> (signed calls)', () => {
  it('hosts: answers the weighted host list as a seed-42 scrambled reply', async () => {
    const app = await makeApp();
    const res = await signed(app, 'hosts', {});
    expect(res.statusCode).toBe(200);
    const envelope = res.json() as { resultCode: number; data: string };
    expect(envelope.resultCode).toBe(100);
    expect(unscrambleReply(envelope.data)).toEqual({ hosts: security.hosts });
  });

  it('config and time: answer encrypted JSON', async () => {
    const app = await makeApp();
    expect(await openData((await signed(app, 'config', {})).body)).toEqual(security.appConfig);
    expect(await openData((await signed(app, 'time', { any: 1 })).body)).toEqual({ timestamp: Date.UTC(2024, 0, 2, 3, 4, 5), iso: '2024-01-02T03:04:05.000Z' });
  });

  it('accepts an account id in the nonce when an auth token is sent', async () => {
    const app = await makeApp();
    const res = await signed(app, 'time', {}, { nonceText: 'account-77', headers: { 'x-auth-token': 'token-1' } });
    expect((res.json() as { resultCode: number }).resultCode).toBe(100);
  });

  it('submit: forwards the payload without apiUri to the task route and answers its data encrypted', async () => {
    const app = await makeApp();
    const res = await signed(app, 'submit', { apiUri: '/api/task/removebg', imgUrl: 'https://x/y.png', efMode: 2 });
    expect(await openData(res.body)).toEqual({ taskId: 't1', type: 'removebg', body: { imgUrl: 'https://x/y.png', efMode: 2 }, device: DEVICE });
  });

  it('submit: passes a task failure through, and says SERVICE_UNAVAILABLE when no task route exists', async () => {
    const app = await makeApp();
    const broke = (await signed(app, 'submit', { apiUri: '/api/task/broke' })).json() as { resultCode: number };
    expect(broke.resultCode).toBe(ResultCode.CREDITS_NOT_ENOUGH);
    const bare = await makeApp(false);
    const res = await signed(bare, 'submit', { apiUri: '/api/task/removebg' });
    expect(res.statusCode).toBe(503);
    expect((res.json() as { resultCode: number }).resultCode).toBe(ResultCode.SERVICE_UNAVAILABLE);
  });

  it('submit: refuses an apiUri outside the task routes', async () => {
    const app = await makeApp();
    for (const apiUri of [undefined, '/api/dist/submit', '/api/sa/kesab', 'https://evil.example/api/task/x', '/api/task/../sa/af']) {
      const res = await signed(app, 'submit', { apiUri });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ resultCode: ResultCode.PARAMS_INVALID, msg: expect.stringContaining('apiUri') });
    }
  });

  it('refuses bad headers with PARAMS_INVALID naming the problem', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = await makeApp();
    const cases: Array<[CallOptions, RegExp]> = [
      [{ headers: { 'x-platform': '4' } }, /x-platform must be 5/],
      [{ headers: { 'x-platform': undefined } }, /x-platform must be 5/],
      [{ headers: { 'x-client-id': undefined } }, /x-client-id/],
      [{ headers: { 'x-client-version': 'latest' } }, /x-client-version/],
      [{ headers: { 'x-device-id': 'short' } }, /x-device-id/],
      [{ headers: { 'x-nonce': undefined } }, /x-nonce is missing or cannot be decrypted/],
      [{ nonceSecret: 'some other secret 123' }, /x-nonce is missing or cannot be decrypted/],
      [{ nonceText: 'someone-else' }, /x-nonce does not match the device id/],
    ];
    for (const [opts, message] of cases) {
      const res = await signed(app, 'time', {}, opts);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ resultCode: ResultCode.PARAMS_INVALID, msg: expect.stringMatching(message) });
    }
  });

  it('refuses missing, undecryptable or non-object data, and non-form bodies', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = await makeApp();
    const cases: Array<[CallOptions, RegExp]> = [
      [{ data: '' }, /"data" \(encrypted JSON\) is required/],
      [{ data: 'garbage!!' }, /cannot be decrypted/],
      [{ data: await encryptText('{"a":1}', 'wrong secret 12345') }, /cannot be decrypted/],
      [{ data: await encryptText('not json', AS) }, /is not JSON/],
      [{ data: await encryptText('[1,2]', AS) }, /must be a JSON object/],
    ];
    for (const [opts, message] of cases) {
      const res = await signed(app, 'config', {}, opts);
      expect(res.json()).toMatchObject({ resultCode: ResultCode.PARAMS_INVALID, msg: expect.stringMatching(message) });
    }
    const json = await app.inject({
      method: 'POST',
      url: '/api/dist/config',
      headers: {
        'content-type': 'application/json',
        'x-platform': '5',
        'x-client-id': CLIENT_ID,
        'x-client-version': '1.8.0',
        'x-device-id': DEVICE,
        'x-nonce': await encryptText(DEVICE, AS),
      },
      payload: { data: await encryptText('{"a":1}', AS) },
    });
    expect(json.json()).toMatchObject({ resultCode: ResultCode.PARAMS_INVALID, msg: expect.stringContaining('x-www-form-urlencoded') });
  });

  it('answers an unknown call name with 404 and PARAMS_INVALID', async () => {
    const app = await makeApp();
    const res = await signed(app, 'secrets', {});
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ resultCode: ResultCode.PARAMS_INVALID, msg: 'unknown signed call "secrets"' });
  });

  it('keeps working inside an app with multipart uploads and its own error handler (as in app.ts)', async () => {
    const app = Fastify();
    await app.register(multipart);
    app.setErrorHandler((_error, _request, reply) => reply.code(599).send({ outer: true }));
    registerSecurityRoutes(app, { security, now: () => Date.UTC(2024, 0, 2, 3, 4, 5) });
    await app.ready();
    apps.push(app);
    expect(await openData((await signed(app, 'time', {})).body)).toMatchObject({ iso: '2024-01-02T03:04:05.000Z' });
    const multi = await app.inject({
      method: 'POST',
      url: '/api/dist/time',
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'x-platform': '5',
        'x-client-id': CLIENT_ID,
        'x-client-version': '1.8.0',
        'x-device-id': DEVICE,
        'x-nonce': await encryptText(DEVICE, AS),
      },
      payload: '--x\r\nContent-Disposition: form-data; name="data"\r\n\r\nabc\r\n--x--\r\n',
    });
    expect(multi.statusCode).toBe(400);
    expect(multi.json()).toMatchObject({ resultCode: ResultCode.PARAMS_INVALID, msg: expect.stringContaining('x-www-form-urlencoded') });
  });
});
