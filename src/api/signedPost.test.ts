import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { AppConfig } from '../../engine/crypto/appConfig';
import { APP_PASSPHRASE, CLIENT_ID } from '../../engine/crypto/appSecrets';
import { decryptText, encryptText } from '../../engine/crypto/requestCrypto';
import { registerSecurityRoutes } from '../../server/src/security/securityRoutes';
import type { SecurityConfig } from '../../server/src/config/securityConfig';
import { resetSecureConfigCache } from './secureConfig';
import { CLIENT_VERSION, PLATFORM, distributeHost, resetDistributeHost, signedPost, signedSubmit } from './signedPost';

const DEVICE = 'device-fedcba9876543210';
const CONFIG: AppConfig = { AS: 'request-secret-for-client-tests', OSS_TOKEN: '', enablePicReview: false, enableTextReview: true };
const security: SecurityConfig = {
  baseKey: 'base-key-for-client-tests-000',
  appPassphrase: APP_PASSPHRASE,
  appConfig: CONFIG,
  hostEnvironment: 'production',
  hosts: { 'https://a.example': 2, 'https://b.example': 1 },
  secretsFile: null,
};

let app: FastifyInstance;
/** Sends the client's fetch calls into the real security routes (Fastify inject: no port is opened). */
const fetchViaApp = vi.fn(async (url: string, init: RequestInit = {}) => {
  const res = await app.inject({
    method: (init.method ?? 'GET') as 'GET' | 'POST',
    url,
    headers: init.headers as Record<string, string>,
    payload: init.body as string | undefined,
  });
  return new Response(res.body, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? 'text/plain') } });
});

beforeAll(async () => {
  app = Fastify();
  registerSecurityRoutes(app, { security, now: () => 1_700_000_000_000 });
  app.post('/api/task/:taskType', async (request) => ({ resultCode: 100, msg: 'success', data: { taskId: 'task-9', got: request.body } }));
  app.post('/api/credits/balance', async (request) => ({
    resultCode: 100,
    msg: 'success',
    data: { total: 7, token: request.headers['x-auth-token'] ?? null },
  }));
  app.post('/api/account/info', async () => ({ resultCode: 1000006, msg: 'account authorization expired', data: null }));
  await app.ready();
});
afterAll(() => app.close());

let errors: MockInstance<(...args: unknown[]) => void>;
beforeEach(() => {
  resetSecureConfigCache();
  fetchViaApp.mockClear();
  vi.stubGlobal('fetch', fetchViaApp);
  errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const deps = { getDeviceId: () => DEVICE };

describe('signedPost against the real server routes', () => {
  it('fetches key and config, then decrypts each signed reply', async () => {
    expect(await signedPost('time', {}, deps)).toEqual({ timestamp: 1_700_000_000_000, iso: '2023-11-14T22:13:20.000Z' });
    expect(await signedPost('config', {}, deps)).toEqual(CONFIG);
    expect(await signedPost('submit', { apiUri: '/api/task/removebg', imgUrl: 'u' }, deps)).toEqual({ taskId: 'task-9', got: { imgUrl: 'u' } });
    // kesab and af once (cached), then one call per signed post.
    expect(fetchViaApp.mock.calls.map(([url]) => url)).toEqual(['/api/sa/kesab', '/api/sa/af', '/api/dist/time', '/api/dist/config', '/api/dist/submit']);
    expect(errors).not.toHaveBeenCalled();
  });

  it('unscrambles the hosts reply', async () => {
    expect(await signedPost('hosts', {}, deps)).toEqual({ hosts: security.hosts });
  });

  it('logs and gives null when the server refuses the call', async () => {
    expect(await signedPost('submit', { apiUri: '/elsewhere' }, deps)).toBeNull();
    expect(errors).toHaveBeenCalledWith('[signedPost] signed call submit failed:', expect.stringMatching(/^resultCode -102: .*apiUri/));
  });
});

describe('signedPost request and failures', () => {
  const getAppConfig = async () => CONFIG;

  it('sends the SPEC headers and an encrypted form field', async () => {
    let seen: { url: string; init: RequestInit } | undefined;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      seen = { url, init };
      return new Response(JSON.stringify({ resultCode: 100, msg: 'success', data: await encryptText('{"ok":true}', CONFIG.AS) }));
    });
    const result = await signedPost('config', { q: 1 }, { ...deps, getAppConfig, baseUrl: 'https://dist.example', authToken: 'tok-1', accountId: 'acct-5' });
    expect(result).toEqual({ ok: true });
    expect(seen!.url).toBe('https://dist.example/api/dist/config');
    expect(seen!.init.method).toBe('POST');
    const headers = seen!.init.headers as Record<string, string>;
    expect(headers).toMatchObject({
      'content-type': 'application/x-www-form-urlencoded',
      'x-auth-token': 'tok-1',
      'x-client-id': CLIENT_ID,
      'x-client-version': '1.8.0',
      'x-device-id': DEVICE,
      'x-platform': '5',
    });
    expect(CLIENT_VERSION).toBe('1.8.0');
    expect(PLATFORM).toBe(5);
    expect(await decryptText(headers['x-nonce'], CONFIG.AS)).toBe('acct-5');
    const data = new URLSearchParams(String(seen!.init.body)).get('data')!;
    expect(JSON.parse((await decryptText(data, CONFIG.AS))!)).toEqual({ q: 1 });
  });

  it('reads the auth token from localStorage and puts the device id in the nonce without an account', async () => {
    vi.stubGlobal('localStorage', { getItem: (k: string) => (k === 'authToken' ? 'stored-token' : null) });
    let headers: Record<string, string> = {};
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      headers = init.headers as Record<string, string>;
      return new Response(JSON.stringify({ resultCode: 100, msg: 'success', data: await encryptText('1', CONFIG.AS) }));
    });
    expect(await signedPost('time', {}, { ...deps, getAppConfig })).toBe(1);
    expect(headers['x-auth-token']).toBe('stored-token');
    expect(await decryptText(headers['x-nonce'], CONFIG.AS)).toBe(DEVICE);
  });

  it('gives null without calling when there is no request secret', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    expect(await signedPost('time', {}, { ...deps, getAppConfig: async () => ({ ...CONFIG, AS: '' }) })).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(errors).toHaveBeenCalledWith('[signedPost] signed call time failed:', expect.stringContaining('no request secret'));
  });

  it('gives null and logs on network errors, non-JSON answers and undecodable data', async () => {
    const answers: Array<() => Promise<Response>> = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      async () => new Response('<html>bad gateway</html>', { status: 502 }),
      async () => new Response(JSON.stringify({ resultCode: 100, msg: 'success', data: 'not-encrypted' })),
      async () => new Response(JSON.stringify({ resultCode: 100, msg: 'success', data: await encryptText('not json', CONFIG.AS) })),
      async () => new Response(JSON.stringify({ resultCode: 100, msg: 'success', data: 'scrambled?' })),
    ];
    for (const [i, answer] of answers.entries()) {
      vi.stubGlobal('fetch', answer);
      expect(await signedPost(i === 4 ? 'hosts' : 'config', {}, { ...deps, getAppConfig })).toBeNull();
    }
    const messages = errors.mock.calls.filter(([m]) => String(m).startsWith('[signedPost]')).map(([, m]) => String(m));
    expect(messages).toEqual([
      'Failed to fetch',
      'HTTP 502 without a JSON body',
      'cannot decrypt the reply',
      expect.stringContaining('JSON'),
      'cannot unscramble the reply',
    ]);
  });
});

describe('signedSubmit: account, purchase and credit calls through the signed submit', () => {
  it('forwards a listed call with the stored token and gives its data decrypted', async () => {
    const stored: Record<string, string> = { authToken: 'lc_token_1', accountInfo: JSON.stringify({ accountId: 'ACC_1' }) };
    vi.stubGlobal('localStorage', { getItem: (k: string) => stored[k] ?? null });
    const reply = await signedSubmit<{ total: number; token: string }>('/api/credits/balance', {}, { ...deps, baseUrl: '' });
    expect(reply).toEqual({ resultCode: 100, msg: 'success', data: { total: 7, token: 'lc_token_1' } });
    const [url, init] = fetchViaApp.mock.calls.at(-1)!;
    expect(url).toBe('/api/dist/submit');
    // With an account, the nonce names the account.
    expect(await decryptText((init!.headers as Record<string, string>)['x-nonce']!, CONFIG.AS)).toBe('ACC_1');
  });

  it('gives the inner failure code back (the login machine needs 1000006), and the server refuses unlisted paths', async () => {
    expect(await signedSubmit('/api/account/info', {}, { ...deps, baseUrl: '' })).toMatchObject({ resultCode: 1000006, data: null });
    expect(await signedSubmit('/api/projects', {}, { ...deps, baseUrl: '' })).toMatchObject({ resultCode: -102, msg: expect.stringMatching(/apiUri/) });
  });

  it('throws when no envelope comes back, so the caller reports a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(signedSubmit('/api/credits/balance', {}, { ...deps, baseUrl: '', getAppConfig: async () => CONFIG })).rejects.toThrow('Failed to fetch');
  });

  it('picks the distribute host by weight once per page load, and this origin when the list cannot be had', async () => {
    resetDistributeHost();
    expect(await distributeHost(deps, () => 0.1)).toBe('https://a.example');
    // Cached: a second call does not fetch the list again nor pick again.
    const calls = fetchViaApp.mock.calls.length;
    expect(await distributeHost(deps, () => 0.9)).toBe('https://a.example');
    expect(fetchViaApp.mock.calls.length).toBe(calls);
    resetDistributeHost();
    expect(await distributeHost(deps, () => 0.9)).toBe('https://b.example');
    resetDistributeHost();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('down', { status: 503 })),
    );
    resetSecureConfigCache();
    expect(await distributeHost(deps)).toBe('');
    resetDistributeHost();
  });
});
