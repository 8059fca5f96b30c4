import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { databaseTargets } from '../testing/testDatabases';
import { startTestOidcProvider, type TestOidcProvider } from '../testing/testOidcProvider';
import { startTestServer, type TestServer } from '../testing/testServer';

const target = databaseTargets()[0]!;
// light-my-request answers for http://localhost:80; the provider must send the browser back there.
const CALLBACK = 'http://localhost:80/api/account/oidc/google/callback';

describe('Google sign-in through OpenID Connect, against a real oidc-provider on 127.0.0.1', () => {
  let store: Awaited<ReturnType<typeof target.make>>;
  let server: TestServer;
  let idp: TestOidcProvider;

  beforeAll(async () => {
    idp = await startTestOidcProvider([CALLBACK, 'http://localhost/api/account/oidc/google/callback']);
    store = await target.make();
    server = await startTestServer(store, { workers: 0, accounts: { freeDailyCredits: 3, oidc: { google: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret } } } });
  });
  afterAll(async () => {
    await server.close();
    await store.cleanup();
    await idp.close();
  });

  /** Runs a whole sign-in: the app's start redirect, the provider, the app's callback. */
  async function signIn(returnTo = '/en/pricing') {
    const start = await server.app.inject({ method: 'GET', url: `/api/account/oidc/google/start?returnTo=${encodeURIComponent(returnTo)}&deviceId=device-aaaaaaaaaaaaaaaa` });
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    const back = await idp.browse(authorize.href);
    const callback = await server.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    return { callback, back };
  }

  it('signs in: code + PKCE, state and nonce checked, ID token verified; the session comes back in the fragment', async () => {
    idp.signInAs({ sub: 'google-sub-1', email: 'Grace@Example.org' });
    const { callback } = await signIn();
    expect(callback.statusCode).toBe(302);
    const location = callback.headers.location as string;
    expect(location.startsWith('/en/pricing#')).toBe(true);
    const fragment = new URLSearchParams(location.split('#')[1]);
    expect(fragment.get('isNew')).toBe('1');
    const info = await server.app.inject({ method: 'POST', url: '/api/account/info', headers: { 'x-auth-token': fragment.get('login')! } });
    expect(info.json().data.account).toMatchObject({ provider: 'google', email: 'grace@example.org' });
    // The same person again: the same account.
    const again = new URLSearchParams(((await signIn()).callback.headers.location as string).split('#')[1]);
    expect(again.get('accountId')).toBe(fragment.get('accountId'));
    expect(again.get('isNew')).toBe('0');
  });

  it('a replayed callback (state already used) and a forged state are refused', async () => {
    idp.signInAs({ sub: 'google-sub-2', email: 'h@example.org' });
    const { back } = await signIn();
    const replay = await server.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(replay.headers.location).toBe(`/en/log-in#loginError=${ResultCode.PARAMS_INVALID}`);
    const forged = await server.app.inject({ method: 'GET', url: `${back.pathname}?code=abc&state=forged` });
    expect(forged.headers.location).toBe(`/en/log-in#loginError=${ResultCode.PARAMS_INVALID}`);
  });

  it('an off-site returnTo is replaced by the log-in page; an unconfigured provider is 1000003', async () => {
    idp.signInAs({ sub: 'google-sub-3', email: 'i@example.org' });
    const { callback } = await signIn('//evil.example/steal');
    expect((callback.headers.location as string).startsWith('/en/log-in#login=')).toBe(true);
    const apple = await server.app.inject({ method: 'GET', url: '/api/account/oidc/apple/start' });
    expect(apple.json().resultCode).toBe(ResultCode.SERVICE_UNAVAILABLE);
    expect((await server.app.inject({ method: 'GET', url: '/api/account/oidc/providers' })).json().data.providers).toEqual(['google']);
  });
});

describe('Apple sign-in: the answer comes back as a cross-site form POST (response_mode=form_post)', () => {
  const APPLE_CALLBACK = 'http://localhost:80/api/account/oidc/apple/callback';
  let store: Awaited<ReturnType<typeof target.make>>;
  let server: TestServer;
  let idp: TestOidcProvider;

  beforeAll(async () => {
    idp = await startTestOidcProvider([APPLE_CALLBACK, 'http://localhost/api/account/oidc/apple/callback']);
    store = await target.make();
    server = await startTestServer(store, {
      workers: 0,
      accounts: { freeDailyCredits: 3, oidc: { apple: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, responseMode: 'form_post' } } },
    });
  });
  afterAll(async () => {
    await server.close();
    await store.cleanup();
    await idp.close();
  });

  const start = async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/account/oidc/apple/start?returnTo=%2Fja%2Fcreate' });
    const authorize = new URL(res.headers.location as string);
    expect(authorize.searchParams.get('response_mode')).toBe('form_post');
    return idp.browseToForm(authorize.href);
  };
  const post = (action: URL, fields: URLSearchParams) => server.app.inject({
    method: 'POST', url: action.pathname, payload: fields.toString(),
    // What a browser sends: the provider's page posts across sites.
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: idp.issuer, 'sec-fetch-site': 'cross-site' },
  });

  it('signs in from the posted form and sends the browser on with a GET (303) to the page it came from', async () => {
    idp.signInAs({ sub: 'apple-sub-1', email: 'ann@privaterelay.appleid.com' });
    const { action, fields } = await start();
    expect(action.href).toBe(APPLE_CALLBACK.replace(':80', ''));
    expect(fields.get('code')).toBeTruthy();
    const answer = await post(action, fields);
    expect(answer.statusCode).toBe(303);
    const fragment = new URLSearchParams((answer.headers.location as string).split('#')[1]);
    expect((answer.headers.location as string).startsWith('/ja/create#')).toBe(true);
    const info = await server.app.inject({ method: 'POST', url: '/api/account/info', headers: { 'x-auth-token': fragment.get('login')! } });
    expect(info.json().data.account).toMatchObject({ provider: 'apple', email: 'ann@privaterelay.appleid.com' });

    // The same form posted again (a replay) is refused: its state was used.
    const replay = await post(action, fields);
    expect(replay.headers.location).toBe(`/en/log-in#loginError=${ResultCode.PARAMS_INVALID}`);
  });

  it('a forged form (unknown state) signs nobody in, and other cross-site POSTs stay refused', async () => {
    const forged = await post(new URL(APPLE_CALLBACK), new URLSearchParams({ code: 'x', state: 'forged' }));
    expect(forged.headers.location).toBe(`/en/log-in#loginError=${ResultCode.PARAMS_INVALID}`);
    const other = await server.app.inject({
      method: 'POST', url: '/api/account/signout', payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: idp.issuer },
    });
    expect(other.statusCode).toBe(403);
  });
});
