import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { databaseTargets } from '../testing/testDatabases';
import { startTestOidcProvider, type TestOidcProvider } from '../testing/testOidcProvider';
import { startTestServer, type TestServer } from '../testing/testServer';
import { OIDC_BINDING_COOKIE, safeReturn } from './oidcRoutes';

const target = databaseTargets()[0]!;
// light-my-request answers for http://localhost:80; the provider must send the browser back there.
const CALLBACK = 'http://localhost:80/api/account/oidc/google/callback';
const REFUSED = `/en/log-in#loginError=${ResultCode.PARAMS_INVALID}`;

/** The binding cookie a reply set (name=value), as the browser would send it back. */
function bindingOf(reply: { headers: Record<string, unknown> }): string {
  const lines = ([] as unknown[]).concat(reply.headers['set-cookie'] ?? []).map(String);
  const line = lines.find((l) => l.startsWith(`${OIDC_BINDING_COOKIE}=`));
  if (!line) throw new Error(`no ${OIDC_BINDING_COOKIE} cookie in ${lines.join(' | ')}`);
  return line.split(';')[0]!;
}

describe("safeReturn: only paths of this site, after the browser's own normalisation (issue 30 item 1)", () => {
  it.each([
    '/\t/attacker.example',
    '/\n/attacker.example',
    '/\r/attacker.example',
    '/%09/attacker.example',
    '/%2509/attacker.example',
    '//attacker.example',
    '/\\attacker.example',
    '/%5Cattacker.example',
    '/./%2F/attacker.example',
    '/.//attacker.example',
    '/%2F%2Fattacker.example',
    ' /attacker',
    'https://attacker.example/',
    'javascript:alert(1)',
    '/\u0000x',
    '/%00x',
    '/%zz',
    '',
  ])('refuses %j', (value) => {
    expect(safeReturn(value)).toBe('/en/log-in');
  });
  it('keeps a same-site path and its query, drops its fragment', () => {
    expect(safeReturn('/en/pricing?plan=pro#x')).toBe('/en/pricing?plan=pro');
    expect(safeReturn('/ja/create')).toBe('/ja/create');
  });
});

describe('Google sign-in through OpenID Connect, against a real oidc-provider on 127.0.0.1', () => {
  let store: Awaited<ReturnType<typeof target.make>>;
  let server: TestServer;
  let idp: TestOidcProvider;

  beforeAll(async () => {
    idp = await startTestOidcProvider([CALLBACK, 'http://localhost/api/account/oidc/google/callback']);
    store = await target.make();
    server = await startTestServer(store, {
      workers: 0,
      accounts: { freeDailyCredits: 3, oidc: { google: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret } } },
    });
  });
  afterAll(async () => {
    await server.close();
    await store.cleanup();
    await idp.close();
  });

  /** Runs a whole sign-in: the app's start redirect, the provider, the app's callback (in the starting browser unless `cookie` says otherwise). */
  async function signIn(returnTo = '/en/pricing', cookie?: string) {
    const start = await server.app.inject({
      method: 'GET',
      url: `/api/account/oidc/google/start?returnTo=${encodeURIComponent(returnTo)}&deviceId=device-aaaaaaaaaaaaaaaa`,
    });
    expect(start.statusCode).toBe(302);
    const binding = bindingOf(start);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    const back = await idp.browse(authorize.href);
    const callback = await server.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie: cookie ?? binding } });
    return { callback, back, binding };
  }
  const exchange = (code: string, cookie: string | undefined) =>
    server.app.inject({ method: 'POST', url: '/api/account/oidc/exchange', payload: { code }, headers: cookie ? { cookie } : {} });
  const codeOf = (location: string) => new URLSearchParams(location.split('#')[1]).get('loginCode')!;

  it('the binding cookie is HttpOnly, SameSite=Lax, scoped to the OpenID routes, and holds no state in clear', async () => {
    const start = await server.app.inject({ method: 'GET', url: '/api/account/oidc/google/start?returnTo=%2Fen%2Fpricing' });
    const line = ([] as unknown[])
      .concat(start.headers['set-cookie'])
      .map(String)
      .find((l) => l.startsWith(OIDC_BINDING_COOKIE))!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Path=\/api\/account\/oidc/);
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    expect(line).not.toContain(state);
  });

  it('signs in: code + PKCE, state and nonce checked, ID token verified; the page gets a one-time code, never the token, and trades it by POST', async () => {
    idp.signInAs({ sub: 'google-sub-1', email: 'Grace@Example.org' });
    const { callback, binding } = await signIn();
    expect(callback.statusCode).toBe(302);
    const location = callback.headers.location as string;
    expect(location.startsWith('/en/pricing#loginCode=')).toBe(true);
    expect(location).not.toMatch(/login=|lc_|token/);
    const traded = await exchange(codeOf(location), binding);
    expect(traded.json().resultCode).toBe(ResultCode.SUCCESS);
    const { token, isNew, accountId } = traded.json().data;
    expect(isNew).toBe(true);
    const info = await server.app.inject({ method: 'POST', url: '/api/account/info', headers: { 'x-auth-token': token } });
    expect(info.json().data.account).toMatchObject({ provider: 'google', email: 'grace@example.org' });
    // The code is good once.
    expect((await exchange(codeOf(location), binding)).json().resultCode).toBe(ResultCode.ACCOUNT_AUTHORIZED_EXPIRED);
    // The same person again: the same account.
    const again = await signIn();
    const second = (await exchange(codeOf(again.callback.headers.location as string), again.binding)).json().data;
    expect(second.accountId).toBe(accountId);
    expect(second.isNew).toBe(false);
  });

  it('a leaked code is useless in another browser (no or another binding cookie), and burns on the attempt', async () => {
    idp.signInAs({ sub: 'google-sub-4', email: 'leak@example.org' });
    const { callback, binding } = await signIn();
    const code = codeOf(callback.headers.location as string);
    expect((await exchange(code, undefined)).json().resultCode).toBe(ResultCode.ACCOUNT_AUTHORIZED_EXPIRED);
    expect((await exchange(code, binding)).json().resultCode).toBe(ResultCode.ACCOUNT_AUTHORIZED_EXPIRED);
    const other = await signIn();
    expect((await exchange(codeOf(other.callback.headers.location as string), binding)).json().resultCode).toBe(ResultCode.ACCOUNT_AUTHORIZED_EXPIRED);
  });

  it('login CSRF (item 2): a callback URL opened in a browser that did not start the sign-in signs nobody in, and stays unspent', async () => {
    idp.signInAs({ sub: 'google-sub-attacker', email: 'attacker@example.org' });
    const start = await server.app.inject({ method: 'GET', url: '/api/account/oidc/google/start?returnTo=%2Fen%2Fcreate' });
    const back = await idp.browse(new URL(start.headers.location as string).href);
    // The victim opens the attacker's callback URL: no cookie, or the cookie of a sign-in of their own.
    const victimStart = await server.app.inject({ method: 'GET', url: '/api/account/oidc/google/start?returnTo=%2Fen%2Fcreate' });
    for (const cookie of [undefined, bindingOf(victimStart)]) {
      const answer = await server.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: cookie ? { cookie } : {} });
      expect(answer.headers.location).toBe(REFUSED);
    }
  });

  it('a replayed callback (state already used) and a forged state are refused', async () => {
    idp.signInAs({ sub: 'google-sub-2', email: 'h@example.org' });
    const { back, binding } = await signIn();
    const replay = await server.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie: binding } });
    expect(replay.headers.location).toBe(REFUSED);
    const forged = await server.app.inject({ method: 'GET', url: `${back.pathname}?code=abc&state=forged`, headers: { cookie: binding } });
    expect(forged.headers.location).toBe(REFUSED);
  });

  it('an off-site returnTo (a tab the browser drops, an encoded one) comes back to the log-in page; an unconfigured provider is 1000003', async () => {
    for (const returnTo of ['//evil.example/steal', '/\t/evil.example', '/%09/evil.example']) {
      idp.signInAs({ sub: 'google-sub-3', email: 'i@example.org' });
      const { callback } = await signIn(returnTo);
      expect((callback.headers.location as string).startsWith('/en/log-in#loginCode=')).toBe(true);
    }
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
      accounts: {
        freeDailyCredits: 3,
        oidc: { apple: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, responseMode: 'form_post' } },
      },
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
    return { ...(await idp.browseToForm(authorize.href)), binding: bindingOf(res) };
  };
  // What a browser sends: the provider's page posts across sites, and a SameSite=Lax cookie stays home.
  const post = (action: URL, fields: URLSearchParams) =>
    server.app.inject({
      method: 'POST',
      url: action.pathname,
      payload: fields.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: idp.issuer, 'sec-fetch-site': 'cross-site' },
    });
  /** The browser follows the 303 with a top-level GET, which carries the Lax cookie. */
  const follow = (location: string, cookie: string) => server.app.inject({ method: 'GET', url: location, headers: { cookie } });

  it('signs in from the posted form: passed on as a GET (303) that carries the binding cookie, then to the page it came from', async () => {
    idp.signInAs({ sub: 'apple-sub-1', email: 'ann@privaterelay.appleid.com' });
    const { action, fields, binding } = await start();
    expect(action.href).toBe(APPLE_CALLBACK.replace(':80', ''));
    expect(fields.get('code')).toBeTruthy();
    const answer = await post(action, fields);
    expect(answer.statusCode).toBe(303);
    const landed = await follow(answer.headers.location as string, binding);
    const location = landed.headers.location as string;
    expect(location.startsWith('/ja/create#loginCode=')).toBe(true);
    const traded = await server.app.inject({
      method: 'POST',
      url: '/api/account/oidc/exchange',
      payload: { code: new URLSearchParams(location.split('#')[1]).get('loginCode') },
      headers: { cookie: binding },
    });
    const info = await server.app.inject({ method: 'POST', url: '/api/account/info', headers: { 'x-auth-token': traded.json().data.token } });
    expect(info.json().data.account).toMatchObject({ provider: 'apple', email: 'ann@privaterelay.appleid.com' });

    // The same form posted again (a replay) is refused: its state was used.
    const replay = await post(action, fields);
    expect((await follow(replay.headers.location as string, binding)).headers.location).toBe(REFUSED);
  });

  it('a forged form (unknown state) signs nobody in, and other cross-site POSTs stay refused', async () => {
    const forged = await post(new URL(APPLE_CALLBACK), new URLSearchParams({ code: 'x', state: 'forged' }));
    expect((await follow(forged.headers.location as string, 'lc_oidc=00')).headers.location).toBe(REFUSED);
    const other = await server.app.inject({
      method: 'POST',
      url: '/api/account/signout',
      payload: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: idp.issuer },
    });
    expect(other.statusCode).toBe(403);
  });
});
