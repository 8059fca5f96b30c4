import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok, paramsInvalid } from '../envelope';
import { ApiError } from '../envelope';
import { ResultCode } from '../../../engine/spec/errors';
import type { SessionStore } from '../accounts/sessions';
import type { CommerceService } from './commerceService';
import type { TestProvider } from './testProvider';

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A same-site path to come back to after checkout; anything else is refused (no open redirect). */
function returnPathOf(value: unknown): string {
  if (value === undefined) return '/order';
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\') || value.length > 500) {
    throw paramsInvalid('returnUrl must be a path of this site');
  }
  return value;
}

/**
 * Checkout, orders, the subscription (show, cancel), the Stripe webhook, and the pages of the
 * local test provider.
 */
export function registerCommerceRoutes(
  app: FastifyInstance,
  deps: { commerce: CommerceService; sessions: SessionStore; testProvider: TestProvider | null; absolute: (request: FastifyRequest, path: string) => string },
): void {
  const { commerce, sessions } = deps;

  app.post('/api/purchase/checkout', async (request) => {
    const account = await sessions.requireAccount(request);
    const body = (request.body ?? {}) as { productId?: unknown; currency?: unknown; returnUrl?: unknown };
    if (typeof body.productId !== 'string') throw paramsInvalid('productId is required');
    const result = await commerce.checkout({
      accountId: account.accountId, email: account.email, productId: body.productId,
      currency: typeof body.currency === 'string' ? body.currency : 'usd',
      returnUrl: deps.absolute(request, returnPathOf(body.returnUrl)),
    });
    return ok(result.repeat ? result : { ...result, url: result.url.startsWith('/') ? deps.absolute(request, result.url) : result.url });
  });

  // The sales promotion: shown (its window starts) the first time a signed-in account asks; null when none runs.
  app.post('/api/purchase/promotion', async (request) => {
    const account = await sessions.requireAccount(request);
    return ok({ offer: await commerce.promotions.current(commerce.db, account.accountId, { show: true }) });
  });

  app.post('/api/purchase/orders', async (request) => {
    const account = await sessions.requireAccount(request);
    return ok({ orders: await commerce.orders(account.accountId) });
  });

  app.post('/api/purchase/order', async (request) => {
    const account = await sessions.requireAccount(request);
    const id = (request.body as { purchaseId?: unknown } | null)?.purchaseId;
    if (typeof id !== 'string') throw paramsInvalid('purchaseId is required');
    return ok(await commerce.order(account.accountId, id));
  });

  app.post('/api/purchase/subscription', async (request) => {
    const account = await sessions.requireAccount(request);
    return ok({ subscription: await commerce.currentSubscription(account.accountId), provider: commerce.provider.name });
  });

  app.post('/api/purchase/subscription/cancel', async (request) => {
    const account = await sessions.requireAccount(request);
    return ok({ subscription: await commerce.cancelSubscription(account.accountId) });
  });

  // Webhooks are verified against the exact bytes received, so this scope keeps the body raw.
  // The app's own JSON parser (input/, with its depth and NUL checks) is replaced in this scope only.
  app.register(async (scope) => {
    if (scope.hasContentTypeParser('application/json')) scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/api/pay/stripe/webhook', async (request, reply) => {
      if (commerce.provider.name !== 'stripe') throw new ApiError(ResultCode.SERVICE_UNAVAILABLE, 'Stripe is not configured', 404);
      let event;
      try {
        event = commerce.provider.parseWebhook(request.body as Buffer, request.headers);
      } catch (err) {
        return reply.code(400).send({ resultCode: ResultCode.PARAMS_INVALID, msg: `webhook refused: ${(err as Error).message}`, data: null });
      }
      return ok({ outcome: await commerce.apply(event) });
    });
  });

  const test = deps.testProvider;
  if (!test) return;
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.get<{ Params: { sessionId: string } }>('/api/pay/test/checkout/:sessionId', async (request, reply) => {
      const purchase = await commerce.pendingBySession(request.params.sessionId);
      if (!purchase) throw paramsInvalid('unknown checkout session');
      const price = `${(purchase.amount / (purchase.currency === 'jpy' ? 1 : 100)).toFixed(purchase.currency === 'jpy' ? 0 : 2)} ${purchase.currency.toUpperCase()}`;
      const action = `/api/pay/test/checkout/${encodeURIComponent(request.params.sessionId)}`;
      return reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>TEST payment — no money moves</title>
<meta name="viewport" content="width=device-width"></head><body style="font-family:sans-serif;max-width:32rem;margin:3rem auto">
<p style="background:#fff3cd;border:2px solid #b58900;padding:1rem"><strong>TEST PAYMENT — no money moves.</strong> This server runs the local test provider (PAYMENTS=test); purchases complete without payment.</p>
<h1>TEST · ${escapeHtml(purchase.productId)}</h1><p>${escapeHtml(price)} (TEST, not charged)</p>
<p>Order status: ${escapeHtml(purchase.status)} (TEST)</p>
<form method="post" action="${escapeHtml(action)}/pay"><button type="submit">Pay (test)</button></form>
<form method="post" action="${escapeHtml(action)}/cancel"><button type="submit">Cancel</button></form></body></html>`);
    });
    scope.post<{ Params: { sessionId: string; action: string } }>('/api/pay/test/checkout/:sessionId/:action', async (request, reply) => {
      const { sessionId, action } = request.params;
      if (action !== 'pay' && action !== 'cancel') throw paramsInvalid('unknown action');
      const purchase = await commerce.pendingBySession(sessionId);
      if (!purchase) throw paramsInvalid('unknown checkout session');
      await commerce.apply(action === 'pay' ? test.completeEvent(sessionId, { amount: purchase.amount, currency: purchase.currency }) : test.cancelEvent(sessionId));
      const urls = test.returnUrls(sessionId);
      if (!urls) return ok({ applied: action, test: true, msg: 'TEST payment: no money moved' });
      return reply.redirect(action === 'pay' ? urls.successUrl : urls.cancelUrl, 303);
    });
  });
}
