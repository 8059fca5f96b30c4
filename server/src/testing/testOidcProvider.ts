import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who signs in at the next interaction (the test's "user at the provider"). */
  signInAs(user: { sub: string; email: string; emailVerified?: boolean }): void;
  /**
   * Plays the browser: follows the redirects from `startUrl` through the provider, with its cookies,
   * and returns the URL the provider finally sends back to the app (the callback with code and state).
   */
  browse(startUrl: string): Promise<URL>;
  /**
   * The same for `response_mode=form_post`: the provider ends on its auto-submitting form page; this
   * returns where that form posts and its fields, as a browser would send them.
   */
  browseToForm(startUrl: string): Promise<{ action: URL; fields: URLSearchParams }>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (`oidc-provider`) on 127.0.0.1, standing in for Google and Apple:
 * authorization code flow, PKCE, signed ID tokens. The login and consent screens are answered by
 * the test itself (`signInAs`) through the provider's interaction API.
 */
export async function startTestOidcProvider(redirectUris: string[]): Promise<TestOidcProvider> {
  let user = { sub: 'user-1', email: 'oidc@example.org', emailVerified: true };
  const clientId = 'lumacut-test';
  const clientSecret = 'lumacut-test-secret-0123456789abcdef';
  let issuer = '';
  let provider: Provider;
  const server: Server = createServer(async (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      const details = await provider.interactionDetails(req, res);
      const grant = new provider.Grant({ accountId: user.sub, clientId });
      grant.addOIDCScope('openid email');
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { login: { accountId: user.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
      void details;
      return;
    }
    provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: redirectUris, grant_types: ['authorization_code'], response_types: ['code'] }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    async findAccount(_ctx: unknown, sub: string) {
      return { accountId: sub, claims: async () => ({ sub, email: user.email, email_verified: user.emailVerified }) };
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['lumacut-test-cookie-key'] },
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(next) {
      user = { emailVerified: true, ...next };
    },
    async browse(startUrl) {
      const end = await follow(startUrl);
      if (end.page !== null) throw new Error(`the provider stopped at ${end.url.pathname}: ${end.page.slice(0, 300)}`);
      return end.url;
    },
    async browseToForm(startUrl) {
      const end = await follow(startUrl);
      if (end.page === null) throw new Error(`the provider redirected to ${end.url.href} instead of posting a form`);
      const action = /<form[^>]*action="([^"]+)"/i.exec(end.page)?.[1];
      if (!action) throw new Error(`no form on the provider's page: ${end.page.slice(0, 300)}`);
      const fields = new URLSearchParams();
      for (const input of end.page.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/gi)) fields.set(input[1]!, decodeHtml(input[2]!));
      return { action: new URL(decodeHtml(action)), fields };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  /** Follows the provider's redirects with its cookies; ends at a URL off the provider, or at a page it shows (`page`). */
  async function follow(startUrl: string): Promise<{ url: URL; page: string | null }> {
    {
      const jar = new Map<string, string>();
      let url = new URL(startUrl);
      for (let hop = 0; hop < 10; hop++) {
        if (!url.href.startsWith(issuer)) return { url, page: null };
        const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
        for (const line of res.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const eq = pair!.indexOf('=');
          jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1));
        }
        const location = res.headers.get('location');
        if (!location) return { url, page: await res.text() };
        url = new URL(location, url);
      }
      throw new Error('too many redirects at the provider');
    }
  }
}

const decodeHtml = (text: string): string =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x2F;/gi, '/')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
