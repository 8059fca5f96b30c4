import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode } from '../../../engine/spec/errors';
import { ApiError, ok, paramsInvalid } from '../envelope';
import type { AccountRepository } from './accountRepository';
import type { OidcProviderName } from './accountsConfig';
import type { OidcLogin } from './oidcLogin';
import type { SessionStore } from './sessions';

const DEVICE_ID_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

/** A same-site path to come back to; anything else becomes the log-in page (no open redirect). */
function safeReturn(value: unknown): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') && value.length <= 500 ? value : '/en/log-in';
}

function providerOf(value: string): OidcProviderName {
  if (value !== 'google' && value !== 'apple') throw paramsInvalid('unknown sign-in provider');
  return value;
}

/**
 * Google and Apple sign-in: `/start` redirects to the provider, `/callback` comes back, signs in
 * and returns to the page the sign-in began on with the new session in the URL fragment (never
 * sent to a server, read and removed by the web app).
 */
export function registerOidcRoutes(
  app: FastifyInstance,
  deps: {
    oidc: OidcLogin; accounts: AccountRepository; sessions: SessionStore;
    absolute: (request: FastifyRequest, path: string) => string;
    onSignedIn?: (info: { accountId: string; created: boolean; deviceId: string | undefined }) => Promise<void>;
  },
): void {
  app.get('/api/account/oidc/providers', async () => ok({ providers: deps.oidc.enabled() }));

  app.get<{ Params: { provider: string }; Querystring: { returnTo?: string; deviceId?: string } }>('/api/account/oidc/:provider/start', async (request, reply) => {
    const provider = providerOf(request.params.provider);
    const deviceId = request.query.deviceId && DEVICE_ID_SHAPE.test(request.query.deviceId) ? request.query.deviceId : null;
    const url = await deps.oidc.start(provider, deps.absolute(request, `/api/account/oidc/${provider}/callback`), safeReturn(request.query.returnTo), deviceId);
    return reply.redirect(url, 302);
  });

  /** Signs in from the provider's answer and sends the browser back to where the sign-in began. */
  const finish = async (request: FastifyRequest, reply: FastifyReply, provider: OidcProviderName, callbackUrl: URL) => {
    if (callbackUrl.searchParams.has('error')) {
      return reply.redirect(`/en/log-in#loginError=${ResultCode.SERVICE_UNKNOWN_ERROR}`, 302);
    }
    let identity;
    try {
      identity = await deps.oidc.finish(provider, callbackUrl);
    } catch (err) {
      request.log.warn({ err }, 'OpenID sign-in refused');
      const code = err instanceof ApiError ? err.code : ResultCode.PARAMS_INVALID;
      return reply.redirect(`/en/log-in#loginError=${code}`, 302);
    }
    const { account, created } = await deps.accounts.findOrCreateByProvider(provider, identity.subject, identity.email, identity.emailVerified);
    const token = await deps.sessions.create(account.id);
    await deps.onSignedIn?.({ accountId: account.id, created, deviceId: identity.deviceId ?? undefined });
    const fragment = new URLSearchParams({ login: token, accountId: account.id, email: account.email ?? '', isNew: created ? '1' : '0' });
    // 303: after a form_post answer the browser must GET the page, not POST to it again.
    return reply.redirect(`${identity.returnTo}#${fragment}`, request.method === 'POST' ? 303 : 302);
  };

  app.get<{ Params: { provider: string } }>('/api/account/oidc/:provider/callback', async (request, reply) => {
    const provider = providerOf(request.params.provider);
    return finish(request, reply, provider, new URL(deps.absolute(request, request.url)));
  });

  // Apple answers with response_mode=form_post: a cross-site POST of code, state (and, the first time,
  // the user's name). The single-use server-side state is what makes this safe (security/crossSite.ts).
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
      done(null, new URLSearchParams(body as string));
    });
    scope.post<{ Params: { provider: string } }>('/api/account/oidc/:provider/callback', async (request, reply) => {
      const provider = providerOf(request.params.provider);
      if (deps.oidc.responseMode(provider) !== 'form_post') throw paramsInvalid(`${provider} answers with a redirect, not a form`);
      const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const callbackUrl = new URL(deps.absolute(request, `/api/account/oidc/${provider}/callback`));
      for (const field of ['code', 'state', 'iss', 'error']) {
        const value = form.get(field);
        if (value !== null) callbackUrl.searchParams.set(field, value);
      }
      return finish(request, reply, provider, callbackUrl);
    });
  });
}
