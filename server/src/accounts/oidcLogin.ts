import * as oidc from 'openid-client';
import { ResultCode } from '../../../engine/spec/errors';
import type { Database } from '../db/database';
import { ApiError, paramsInvalid } from '../envelope';
import type { OidcProviderConfig, OidcProviderName } from '../config/accountsConfig';
import { APPLE_SECRET_LIFETIME_SECONDS, appleClientSecret } from './appleClientSecret';

const LOGIN_TTL_MINUTES = 10;

/** The verified identity an OpenID provider vouched for. */
export interface OidcIdentity {
  provider: OidcProviderName;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  returnTo: string;
  deviceId: string | null;
}

/** Plain http is allowed only for a provider on this machine (tests, a local identity server). */
const isLocal = (issuer: string): boolean => /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/.test(issuer);

/**
 * Google and Apple sign-in through OpenID Connect (openid-client): authorization code with PKCE,
 * `state` and `nonce` kept server-side for one use, the ID token verified against the issuer's keys.
 */
export class OidcLogin {
  private readonly configs = new Map<OidcProviderName, { config: Promise<oidc.Configuration>; renewAt: number }>();

  constructor(
    private readonly db: Database,
    private readonly providers: Partial<Record<OidcProviderName, OidcProviderConfig>>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The database the sign-ins in flight are kept in (the routes keep their hand-off codes there too). */
  get database(): Database {
    return this.db;
  }

  enabled(): OidcProviderName[] {
    return Object.keys(this.providers) as OidcProviderName[];
  }

  private config(name: OidcProviderName): Promise<oidc.Configuration> {
    const settings = this.providers[name];
    if (!settings) throw new ApiError(ResultCode.SERVICE_UNAVAILABLE, `${name} sign-in is not configured on this server`);
    const cached = this.configs.get(name);
    const now = this.now().getTime();
    if (cached && now < cached.renewAt) return cached.config;
    const local = isLocal(settings.issuer);
    // Apple's secret is a short-lived signed JWT: the configuration is rebuilt with a new one well before it lapses.
    const secret = settings.signingKey ? appleClientSecret(settings.signingKey, settings.clientId, this.now()) : settings.clientSecret || undefined;
    const renewAt = settings.signingKey ? now + (APPLE_SECRET_LIFETIME_SECONDS * 1000) / 2 : Number.POSITIVE_INFINITY;
    const config = oidc.discovery(
      new URL(settings.issuer),
      settings.clientId,
      secret,
      undefined,
      local ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    // A failed discovery (provider down) is retried on the next sign-in.
    config.catch(() => this.configs.delete(name));
    this.configs.set(name, { config, renewAt });
    return config;
  }

  /** How `name` sends its answer back: a redirect with a query, or a form POST (Apple). */
  responseMode(name: OidcProviderName): 'query' | 'form_post' {
    return this.providers[name]?.responseMode ?? 'query';
  }

  /**
   * Starts a sign-in: remembers state, nonce and verifier; returns the provider's authorization URL
   * and the state (the routes bind it to the browser with a cookie holding its hash).
   */
  async start(name: OidcProviderName, redirectUri: string, returnTo: string, deviceId: string | null): Promise<{ url: string; state: string }> {
    const config = await this.config(name);
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    await this.db.query(`delete from oidc_logins where expires_at < now()`);
    await this.db.query(
      `insert into oidc_logins (state, provider, nonce, code_verifier, return_to, device_id, expires_at)
       values ($1, $2, $3, $4, $5, $6, now() + make_interval(mins => $7))`,
      [state, name, nonce, codeVerifier, returnTo, deviceId, LOGIN_TTL_MINUTES],
    );
    const url = oidc.buildAuthorizationUrl(config, {
      // Normalised like the callback URL will be (a default port dropped), so the two match exactly.
      redirect_uri: new URL(redirectUri).href,
      scope: 'openid email',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ...(this.responseMode(name) === 'form_post' ? { response_mode: 'form_post' } : {}),
    }).href;
    return { url, state };
  }

  /**
   * Finishes a sign-in from the provider's answer (`callbackUrl` with code and state in its query; a
   * form_post answer is given here as the same fields in the query): the state
   * must be one this server issued and not used yet; the code is exchanged with the PKCE verifier
   * and the ID token's signature, issuer, audience and nonce are checked.
   */
  async finish(name: OidcProviderName, callbackUrl: URL): Promise<OidcIdentity> {
    const state = callbackUrl.searchParams.get('state');
    if (!state) throw paramsInvalid('the sign-in answer has no state');
    const { rows } = await this.db.query<{ nonce: string; code_verifier: string; return_to: string; device_id: string | null; provider: string }>(
      `delete from oidc_logins where state = $1 and expires_at > now() returning nonce, code_verifier, return_to, device_id, provider`,
      [state],
    );
    const login = rows[0];
    if (!login || login.provider !== name) throw paramsInvalid('unknown, used or expired sign-in state');
    const config = await this.config(name);
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: login.code_verifier,
      expectedState: state,
      expectedNonce: login.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims?.sub) throw paramsInvalid('the provider sent no subject');
    let claims: Record<string, unknown> = idClaims;
    // Providers that keep the ID token small (OpenID "conform" mode) give the address at userinfo.
    if (typeof idClaims.email !== 'string' && tokens.access_token) {
      claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)), sub: idClaims.sub };
    }
    return {
      provider: name,
      subject: idClaims.sub,
      email: typeof claims.email === 'string' ? claims.email : null,
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      returnTo: login.return_to,
      deviceId: login.device_id,
    };
  }
}
