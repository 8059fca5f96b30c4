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
    issuer, clientId, clientSecret,
    signInAs(next) {
      user = { emailVerified: true, ...next };
    },
    async browse(startUrl) {
      const jar = new Map<string, string>();
      let url = new URL(startUrl);
      for (let hop = 0; hop < 10; hop++) {
        if (!url.href.startsWith(issuer)) return url;
        const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
        for (const line of res.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const eq = pair!.indexOf('=');
          jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1));
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`the provider stopped at ${url.pathname} with HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`);
        url = new URL(location, url);
      }
      throw new Error('too many redirects at the provider');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
