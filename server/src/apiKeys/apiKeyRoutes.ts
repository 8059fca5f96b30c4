import type { FastifyInstance } from 'fastify';
import type { SessionStore } from '../accounts/sessions';
import { ok, paramsInvalid } from '../envelope';
import { API_KEY_NAME_MAX, type ApiKeyStore } from './apiKeyStore';

/**
 * The account page's API keys (issue 27): list, create (the key is in this one reply only), revoke. Signed-in
 * accounts only, in both modes (personal mode uses keys to tell callers apart and to limit each).
 *
 * Creating or revoking a key is a sensitive change: it rotates the session (issue 30 item 14). The reply's
 * `sessionToken` replaces the presented token, which answers 1000006 from then on; the page stores it
 * (src/api/accountApi.ts). A refused change (bad name, no such key, too many keys) rotates nothing.
 */
export function registerApiKeyRoutes(app: FastifyInstance, deps: { keys: ApiKeyStore; sessions: SessionStore }): void {
  app.post('/api/account/api-keys/list', async (request) => {
    const account = await deps.sessions.requireAccount(request);
    return ok({ keys: await deps.keys.list(account.accountId) });
  });

  app.post('/api/account/api-keys/create', async (request) => {
    const account = await deps.sessions.requireAccount(request);
    const raw = (request.body as { name?: unknown } | null)?.name;
    const name = typeof raw === 'string' ? raw.trim() : '';
    if (name.length < 1 || name.length > API_KEY_NAME_MAX || /[\u0000-\u001f\u007f]/.test(name)) {
      throw paramsInvalid(`name must be 1 to ${API_KEY_NAME_MAX} characters`);
    }
    try {
      const created = await deps.keys.create(account.accountId, name);
      // After the change, not before: a failed change must not cost the browser its session.
      return ok({ ...created, sessionToken: await deps.sessions.rotate(account) });
    } catch (err) {
      if (err instanceof RangeError) throw paramsInvalid(err.message);
      throw err;
    }
  });

  app.post('/api/account/api-keys/revoke', async (request) => {
    const account = await deps.sessions.requireAccount(request);
    const id = (request.body as { id?: unknown } | null)?.id;
    if (typeof id !== 'string' || !(await deps.keys.revoke(account.accountId, id))) throw paramsInvalid('no such key');
    return ok({ revoked: true, sessionToken: await deps.sessions.rotate(account) });
  });
}
