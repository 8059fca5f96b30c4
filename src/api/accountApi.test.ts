import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '../../engine/crypto/appConfig';
import { APP_PASSPHRASE } from '../../engine/crypto/appSecrets';
import { ResultCode } from '../../engine/spec/errors';
import { ACCOUNT_INFO_KEY, AUTH_TOKEN_KEY } from '../../engine/spec/storageKeys';
import { registerSecurityRoutes } from '../../server/src/security/securityRoutes';
import type { SecurityConfig } from '../../server/src/config/securityConfig';
import { accountApi, ApiReplyError } from './accountApi';
import { resetSecureConfigCache } from './secureConfig';
import { resetDistributeHost } from './signedPost';

const CONFIG: AppConfig = { AS: 'request-secret-for-rotation-tests', OSS_TOKEN: '', enablePicReview: false, enableTextReview: true };
// No distribute hosts: the signed calls go to this origin.
const security: SecurityConfig = {
  baseKey: 'base-key-for-rotation-tests-00',
  appPassphrase: APP_PASSPHRASE,
  appConfig: CONFIG,
  hostEnvironment: 'production',
  hosts: {},
  secretsFile: null,
};

/**
 * A server whose API-key routes rotate the session as server/src/apiKeys/apiKeyRoutes.ts does: only the live token
 * is accepted, and each change answers with its successor.
 */
let app: FastifyInstance;
let live = 'lc_first';
let issued = 0;
const cookieTokens: string[] = [];
const rotate = (token: unknown, data: Record<string, unknown>) => {
  if (token !== live) return { resultCode: ResultCode.ACCOUNT_AUTHORIZED_EXPIRED, msg: 'sign-in expired', data: null };
  live = `lc_rotated_${++issued}`;
  return { resultCode: ResultCode.SUCCESS, msg: 'success', data: { ...data, sessionToken: live } };
};

beforeAll(async () => {
  app = Fastify();
  registerSecurityRoutes(app, { security });
  app.post('/api/account/api-keys/create', async (request) => {
    const name = (request.body as { name?: string }).name;
    if (!name) return { resultCode: ResultCode.PARAMS_INVALID, msg: 'name must be 1 to 80 characters', data: null };
    return rotate(request.headers['x-auth-token'], { id: `KEY_${name}`, name, prefix: 'lc_abcdefgh', key: `lc_key_${name}` });
  });
  app.post('/api/account/api-keys/revoke', async (request) => rotate(request.headers['x-auth-token'], { revoked: true }));
  app.post('/api/session/cookie', async (request) => {
    cookieTokens.push(String(request.headers['x-auth-token']));
    return { resultCode: ResultCode.SUCCESS, msg: 'success', data: { set: true } };
  });
  await app.ready();
});
afterAll(() => app.close());

let items: Map<string, string>;
beforeEach(() => {
  live = 'lc_first';
  cookieTokens.length = 0;
  resetSecureConfigCache();
  resetDistributeHost();
  items = new Map([
    [AUTH_TOKEN_KEY, 'lc_first'],
    [ACCOUNT_INFO_KEY, JSON.stringify({ accountId: 'ACC_1', email: 'a@example.org' })],
  ]);
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  });
  vi.stubGlobal('document', { cookie: '' });
  vi.stubGlobal('location', { protocol: 'http:' });
  // The client's fetch calls go into the app above (Fastify inject: no port is opened).
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url,
      headers: init.headers as Record<string, string>,
      payload: init.body as string | undefined,
    });
    return new Response(res.body, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? 'text/plain') } });
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('accountApi: API-key changes rotate the session (issue 30 item 14)', () => {
  it('creating a key stores the new token in local storage and the image-load cookie before the page sees the reply', async () => {
    const created = await accountApi.createApiKey('script');
    expect(created).toEqual({ id: 'KEY_script', name: 'script', prefix: 'lc_abcdefgh', key: 'lc_key_script' });
    expect(items.get(AUTH_TOKEN_KEY)).toBe('lc_rotated_1');
    expect(cookieTokens).toEqual(['lc_rotated_1']);
    // The account stays the same, and the next change already presents the new token.
    expect(JSON.parse(items.get(ACCOUNT_INFO_KEY)!)).toEqual({ accountId: 'ACC_1', email: 'a@example.org' });
    expect(await accountApi.revokeApiKey('KEY_script')).toEqual({ revoked: true });
    expect(items.get(AUTH_TOKEN_KEY)).toBe('lc_rotated_2');
    expect(cookieTokens).toEqual(['lc_rotated_1', 'lc_rotated_2']);
  });

  it('two changes at once go one after the other, each with the latest token: neither finds its token spent', async () => {
    const [a, b] = await Promise.all([accountApi.createApiKey('one'), accountApi.createApiKey('two')]);
    expect([a.key, b.key]).toEqual(['lc_key_one', 'lc_key_two']);
    expect(items.get(AUTH_TOKEN_KEY)).toBe(live);
  });

  it('a refused change keeps the token, and the queue goes on after it', async () => {
    await expect(accountApi.createApiKey('')).rejects.toMatchObject({ code: ResultCode.PARAMS_INVALID });
    expect(items.get(AUTH_TOKEN_KEY)).toBe('lc_first');
    expect(cookieTokens).toEqual([]);
    expect((await accountApi.createApiKey('after')).key).toBe('lc_key_after');
    expect(items.get(AUTH_TOKEN_KEY)).toBe(live);
  });

  it('a browser signed out meanwhile stays signed out: the new token is not stored', async () => {
    const pending = accountApi.createApiKey('late');
    items.delete(ACCOUNT_INFO_KEY);
    await expect(pending).resolves.toMatchObject({ key: 'lc_key_late' });
    expect(items.get(AUTH_TOKEN_KEY)).toBe('lc_first');
    expect(cookieTokens).toEqual([]);
    // A stale token is refused by the server as 1000006.
    items.set(ACCOUNT_INFO_KEY, JSON.stringify({ accountId: 'ACC_1' }));
    await expect(accountApi.createApiKey('again')).rejects.toBeInstanceOf(ApiReplyError);
  });
});
