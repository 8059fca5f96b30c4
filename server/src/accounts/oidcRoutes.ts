import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode } from '../../../engine/spec/errors';
import { ApiError, ok, paramsInvalid } from '../envelope';
import type { AccountRepository } from './accountRepository';
import type { OidcProviderName } from '../config/accountsConfig';
import { cookieValue, setServerCookie } from './cookies';
import type { OidcLogin } from './oidcLogin';
import { OidcHandoffs, sameHash } from './oidcHandoff';
import { hashToken, type SessionStore } from './sessions';

const DEVICE_ID_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;
const FALLBACK_RETURN = '/en/log-in';
/** Any origin will do: a value that resolves to another origin is not a path of this site. */
const RETURN_BASE = 'http://return-to.invalid';
/** Control characters, space-like separators browsers strip, and backslashes (read as `/`). */
const UNSAFE_IN_PATH = /[\u0000-\u0020\u007f-\u009f\\\u2028\u2029\ufeff]/;

/**
 * The browser binding of an OpenID sign-in (issue 30 item 2): an HttpOnly, SameSite=Lax cookie
 * holding the hash of the sign-in's state, set by `/start`, required by the callback, and then
 * required again to exchange the hand-off code. Scoped to the OpenID routes.
 */
export const OIDC_BINDING_COOKIE = 'lc_oidc';
const OIDC_COOKIE_PATH = '/api/account/oidc';
const OIDC_COOKIE_MAX_AGE_S = 10 * 60;

/**
 * A path of this site to come back to; anything else becomes the log-in page (no open redirect).
 * The value must start with one `/`, hold no control character, space or backslash, raw or
 * %-encoded (once or several times), and still be a path of this origin after the WHATWG URL
 * parser has normalised it (which drops tabs and newlines: `/\t/evil.example` is `//evil.example`).
 * The normalised path is returned, without any fragment.
 */
export function safeReturn(value: unknown): string {
  if (typeof value !== 'string' || value.length > 500 || !value.startsWith('/') || value.startsWith('//')) return FALLBACK_RETURN;
  let decoded = value;
  for (let i = 0; i < 4; i++) {
    if (UNSAFE_IN_PATH.test(decoded)) return FALLBACK_RETURN;
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return FALLBACK_RETURN;
    }
    if (next === decoded) break;
    decoded = next;
  }
  if (UNSAFE_IN_PATH.test(decoded) || decoded.startsWith('//')) return FALLBACK_RETURN;
  let url: URL;
  try {
    url = new URL(value, RETURN_BASE);
  } catch {
    return FALLBACK_RETURN;
  }
  const path = url.pathname + url.search;
  // `/%2F/host` is a harmless path to a browser, but a proxy or server that decodes once would not agree.
  if (url.origin !== RETURN_BASE || !path.startsWith('/') || path.startsWith('//') || /^\/(%2f|%5c)/i.test(path)) return FALLBACK_RETURN;
  return path;
}

function providerOf(value: string): OidcProviderName {
  if (value !== 'google' && value !== 'apple') throw paramsInvalid('unknown sign-in provider');
  return value;
}

const setBinding = (request: FastifyRequest, reply: FastifyReply, value: string, maxAgeS: number) =>
  setServerCookie(request, reply, { name: OIDC_BINDING_COOKIE, value, path: OIDC_COOKIE_PATH, maxAgeS, sameSite: 'Lax' });

/**
 * Google and Apple sign-in: `/start` redirects to the provider (and binds the sign-in to this
 * browser), `/callback` comes back, signs in and returns to the page the sign-in began on with a
 * one-time code in the fragment; the page exchanges it at `/exchange` for the session.
 */
export function registerOidcRoutes(
  app: FastifyInstance,
  deps: {
    oidc: OidcLogin;
    accounts: AccountRepository;
    sessions: SessionStore;
    absolute: (request: FastifyRequest, path: string) => string;
    onSignedIn?: (info: { accountId: string; created: boolean; deviceId: string | undefined }) => Promise<void>;
    /** Called with each new session (the session cookie of the web app is set there). */
    onSession?: (request: FastifyRequest, reply: FastifyReply, token: string) => void;
  },
): void {
  const handoffs = new OidcHandoffs(deps.oidc.database);
  app.get('/api/account/oidc/providers', async () => ok({ providers: deps.oidc.enabled() }));

  app.get<{ Params: { provider: string }; Querystring: { returnTo?: string; deviceId?: string } }>(
    '/api/account/oidc/:provider/start',
    async (request, reply) => {
      const provider = providerOf(request.params.provider);
      const deviceId = request.query.deviceId && DEVICE_ID_SHAPE.test(request.query.deviceId) ? request.query.deviceId : null;
      const { url, state } = await deps.oidc.start(
        provider,
        deps.absolute(request, `/api/account/oidc/${provider}/callback`),
        safeReturn(request.query.returnTo),
        deviceId,
      );
      setBinding(request, reply, hashToken(state), OIDC_COOKIE_MAX_AGE_S);
      return reply.redirect(url, 302);
    },
  );

  const refuse = (reply: FastifyReply, code: number) => reply.redirect(`${FALLBACK_RETURN}#loginError=${code}`, 302);

  /** Signs in from the provider's answer and sends the browser back to where the sign-in began. */
  const finish = async (request: FastifyRequest, reply: FastifyReply, provider: OidcProviderName, callbackUrl: URL) => {
    if (callbackUrl.searchParams.has('error')) return refuse(reply, ResultCode.SERVICE_UNKNOWN_ERROR);
    // Login CSRF: only the browser that started this sign-in may finish it. Checked before the
    // state is used, so a callback URL opened elsewhere does not spend it either.
    const state = callbackUrl.searchParams.get('state') ?? '';
    const binding = cookieValue(request.headers.cookie, OIDC_BINDING_COOKIE);
    if (!binding || !sameHash(binding, hashToken(state))) {
      request.log.warn('OpenID callback without the binding cookie of its sign-in (another browser, or a stale tab)');
      return refuse(reply, ResultCode.PARAMS_INVALID);
    }
    let identity;
    try {
      identity = await deps.oidc.finish(provider, callbackUrl);
    } catch (err) {
      request.log.warn({ err }, 'OpenID sign-in refused');
      return refuse(reply, err instanceof ApiError ? err.code : ResultCode.PARAMS_INVALID);
    }
    const { account, created } = await deps.accounts.findOrCreateByProvider(provider, identity.subject, identity.email, identity.emailVerified);
    await deps.onSignedIn?.({ accountId: account.id, created, deviceId: identity.deviceId ?? undefined });
    const code = await handoffs.issue(account.id, created, binding);
    return reply.redirect(`${identity.returnTo}#${new URLSearchParams({ loginCode: code })}`, 302);
  };

  app.get<{ Params: { provider: string } }>('/api/account/oidc/:provider/callback', async (request, reply) => {
    const provider = providerOf(request.params.provider);
    return finish(request, reply, provider, new URL(deps.absolute(request, request.url)));
  });

  /** The page trades the one-time code for its session (same browser, once, within two minutes). */
  app.post('/api/account/oidc/exchange', async (request, reply) => {
    const code = (request.body as { code?: unknown } | null)?.code;
    if (typeof code !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(code)) throw paramsInvalid('code is required');
    const redeemed = await handoffs.redeem(code, cookieValue(request.headers.cookie, OIDC_BINDING_COOKIE));
    if (!redeemed)
      throw new ApiError(ResultCode.ACCOUNT_AUTHORIZED_EXPIRED, 'this sign-in link was used, has expired or belongs to another browser; please sign in again');
    const account = await deps.accounts.byId(redeemed.accountId);
    if (!account) throw new ApiError(ResultCode.ACCOUNT_AUTHORIZED_EXPIRED, 'this account no longer exists');
    const token = await deps.sessions.create(account.id);
    setBinding(request, reply, '', 0);
    deps.onSession?.(request, reply, token);
    return ok({ accountId: account.id, token, email: account.email, provider: account.provider, isNew: redeemed.isNew });
  });

  // Apple answers with response_mode=form_post: a cross-site POST of code, state (and, the first time,
  // the user's name). A SameSite=Lax cookie is not sent with a cross-site POST, so the answer is passed
  // on as a GET of the callback (a top-level navigation, which carries it) and checked there.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
      done(null, new URLSearchParams(body as string));
    });
    scope.post<{ Params: { provider: string } }>('/api/account/oidc/:provider/callback', async (request, reply) => {
      const provider = providerOf(request.params.provider);
      if (deps.oidc.responseMode(provider) !== 'form_post') throw paramsInvalid(`${provider} answers with a redirect, not a form`);
      const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const query = new URLSearchParams();
      for (const field of ['code', 'state', 'iss', 'error']) {
        const value = form.get(field);
        if (value !== null) query.set(field, value);
      }
      // 303: the browser must GET the callback, not POST to it again.
      return reply.redirect(`/api/account/oidc/${provider}/callback?${query}`, 303);
    });
  });
}
