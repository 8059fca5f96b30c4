import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { APP_PASSPHRASE } from '../../engine/crypto/appSecrets';
import { encryptText } from '../../engine/crypto/requestCrypto';
import { APP_CONFIG_PATH, BASE_KEY_PATH, getAppConfig, getBaseKey, resetSecureConfigCache } from './secureConfig';

const BASE_KEY = 'client-test-base-key-0123456789';
const CONFIG = {
  AS: 'request-secret-abc-0123456789',
  OSS_TOKEN: 'oss-1',
  enablePicReview: true,
  enableTextReview: true,
  textReviewEndpoints: ['https://r.example'],
};

type Route = () => Response | Promise<Response>;
const envelope = (data: unknown, resultCode = 100) =>
  new Response(JSON.stringify({ resultCode, msg: resultCode === 100 ? 'success' : 'error', data }), { status: 200 });

let routes: Record<string, Route>;
let fetchMock: ReturnType<typeof vi.fn>;
let errors: MockInstance<(...args: unknown[]) => void>;

beforeEach(async () => {
  resetSecureConfigCache();
  const keyCipher = await encryptText(BASE_KEY, APP_PASSPHRASE);
  const configCipher = await encryptText(JSON.stringify(CONFIG), BASE_KEY);
  routes = { [BASE_KEY_PATH]: () => envelope(keyCipher), [APP_CONFIG_PATH]: () => envelope(configCipher) };
  fetchMock = vi.fn(async (url: string) => (routes[url] ? routes[url]() : new Response('not found', { status: 404 })));
  vi.stubGlobal('fetch', fetchMock);
  errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => url === path).length;

describe('getBaseKey', () => {
  it('fetches and decrypts the base key once, then answers from the cache', async () => {
    const [a, b] = await Promise.all([getBaseKey(), getBaseKey()]);
    expect(a).toBe(BASE_KEY);
    expect(b).toBe(BASE_KEY);
    expect(await getBaseKey()).toBe(BASE_KEY);
    expect(calls(BASE_KEY_PATH)).toBe(1);
    expect(errors).not.toHaveBeenCalled();
  });

  it('gives "" and logs on a non-OK status, and tries again on the next call', async () => {
    const good = routes[BASE_KEY_PATH];
    routes[BASE_KEY_PATH] = () => new Response('boom', { status: 502 });
    expect(await getBaseKey()).toBe('');
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('base key fetch failed'), 'HTTP 502');
    routes[BASE_KEY_PATH] = good;
    expect(await getBaseKey()).toBe(BASE_KEY);
    expect(calls(BASE_KEY_PATH)).toBe(2);
  });

  it('gives "" on a failure envelope, a network error or an undecryptable key', async () => {
    routes[BASE_KEY_PATH] = () => envelope(null, -1002);
    expect(await getBaseKey()).toBe('');
    resetSecureConfigCache();
    routes[BASE_KEY_PATH] = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await getBaseKey()).toBe('');
    resetSecureConfigCache();
    const wrong = await encryptText(BASE_KEY, 'not the app passphrase');
    routes[BASE_KEY_PATH] = () => envelope(wrong);
    expect(await getBaseKey()).toBe('');
    expect(errors.mock.calls.filter(([m]) => String(m).includes('base key fetch failed'))).toHaveLength(3);
  });
});

describe('getAppConfig', () => {
  it('decrypts the config with the base key and caches it', async () => {
    expect(await getAppConfig()).toEqual(CONFIG);
    expect(await getAppConfig()).toEqual(CONFIG);
    expect(calls(APP_CONFIG_PATH)).toBe(1);
  });

  it('falls back to both reviews off when the base key is missing', async () => {
    routes[BASE_KEY_PATH] = () => new Response('', { status: 500 });
    expect(await getAppConfig()).toEqual({ AS: '', OSS_TOKEN: '', enablePicReview: false, enableTextReview: false });
    expect(calls(APP_CONFIG_PATH)).toBe(0);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('app config fetch failed'), 'no base key');
  });

  it('falls back when the config call fails, cannot be decrypted or has the wrong shape, and retries later', async () => {
    routes[APP_CONFIG_PATH] = () => new Response('', { status: 503 });
    expect(await getAppConfig()).toMatchObject({ enablePicReview: false, enableTextReview: false });
    routes[APP_CONFIG_PATH] = async () => envelope(await encryptText(JSON.stringify(CONFIG), 'another key 123456789'));
    expect(await getAppConfig()).toMatchObject({ enablePicReview: false, enableTextReview: false });
    routes[APP_CONFIG_PATH] = async () => envelope(await encryptText(JSON.stringify({ enablePicReview: 'yes' }), BASE_KEY));
    expect(await getAppConfig()).toMatchObject({ enablePicReview: false, enableTextReview: false, AS: '' });
    expect(calls(APP_CONFIG_PATH)).toBe(3);
  });

  it('hands out copies of the fallback, so a caller cannot change it for everyone', async () => {
    routes[BASE_KEY_PATH] = () => new Response('', { status: 500 });
    const first = await getAppConfig();
    first.enableTextReview = true;
    expect((await getAppConfig()).enableTextReview).toBe(false);
  });
});
