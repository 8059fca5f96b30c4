import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok, paramsInvalid } from '../envelope';
import { ApiError } from '../envelope';
import { ResultCode } from '../../../engine/spec/errors';
import { packById, planById } from '../../../engine/spec/commerce';
import type { CommerceService } from './commerceService';
import type { TestProvider } from './testProvider';

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The signed-in account of a request, or -1001 "please sign in" (accounts/sessions.ts implements it). */
export interface SignedInSessions {
  requireAccount(request: FastifyRequest): Promise<{ accountId: string; email: string | null }>;
}

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
  deps: {
    commerce: CommerceService;
    sessions: SignedInSessions;
    testProvider: TestProvider | null;
    absolute: (request: FastifyRequest, path: string) => string;
  },
): void {
  const { commerce, sessions } = deps;

  app.post('/api/purchase/checkout', async (request) => {
    const account = await sessions.requireAccount(request);
    const body = (request.body ?? {}) as { productId?: unknown; currency?: unknown; returnUrl?: unknown };
    if (typeof body.productId !== 'string') throw paramsInvalid('productId is required');
    const result = await commerce.checkout({
      accountId: account.accountId,
      email: account.email,
      productId: body.productId,
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
      return reply
        .type('text/html; charset=utf-8')
        .send(testCheckoutPage({ product: productLabel(purchase.productId), price, action, open: purchase.status === 'pending' }));
    });
    scope.post<{ Params: { sessionId: string; action: string } }>('/api/pay/test/checkout/:sessionId/:action', async (request, reply) => {
      const { sessionId, action } = request.params;
      if (action !== 'pay' && action !== 'cancel') throw paramsInvalid('unknown action');
      const purchase = await commerce.pendingBySession(sessionId);
      if (!purchase) throw paramsInvalid('unknown checkout session');
      // An expired (abandoned) checkout cannot be paid any more: back to the shop's cancel page.
      if (purchase.status !== 'pending' && action === 'pay') {
        const urls = test.returnUrls(sessionId);
        if (!urls) throw paramsInvalid('this checkout has expired');
        return reply.redirect(urls.cancelUrl, 303);
      }
      await commerce.apply(
        action === 'pay' ? test.completeEvent(sessionId, { amount: purchase.amount, currency: purchase.currency }) : test.cancelEvent(sessionId),
      );
      const urls = test.returnUrls(sessionId);
      if (!urls) return ok({ applied: action, test: true, msg: 'TEST payment: no money moved' });
      return reply.redirect(action === 'pay' ? urls.successUrl : urls.cancelUrl, 303);
    });
  });
}

/** The buyer's name of a product on the test payment page ("20 credits", "Monthly plan"), never its raw id. */
export function productLabel(productId: string): string {
  const pack = packById(productId);
  if (pack) return `${pack.credits} credits`;
  const plan = planById(productId);
  if (!plan) return productId;
  const words = plan.id.split('-').join(' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} plan`;
}

/** The local test provider's payment page: styled like the site, with the product's name, and plain about no money moving. */
function testCheckoutPage(input: { product: string; price: string; action: string; open: boolean }): string {
  const form = input.open
    ? `<form method="post" action="${escapeHtml(input.action)}/pay"><button type="submit" class="primary">Pay (test)</button></form>
<form method="post" action="${escapeHtml(input.action)}/cancel"><button type="submit" class="ghost">Cancel</button></form>`
    : '<p class="closed">TEST checkout: this checkout has expired or was cancelled. Start a new purchase from the site.</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>TEST payment – ${escapeHtml(input.product)} – no money moves</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#f4f5fb}
main{box-sizing:border-box;max-width:28rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:16px;box-shadow:0 8px 30px rgba(31,41,55,.08)}
@media (max-width:480px){main{margin:0;min-height:100vh;border-radius:0;padding:1.5rem}}
.notice{margin:0 0 1.5rem;padding:.75rem 1rem;border-radius:10px;background:#fff7e0;border:1px solid #e5b73b;font-size:.9rem}
.label{margin:0;color:#6b7280;font-size:.85rem;text-transform:uppercase;letter-spacing:.04em}
h1{margin:.25rem 0 0;font-size:1.6rem}
.price{margin:.25rem 0 1.5rem;font-size:1.25rem;font-weight:600;color:#4f46e5}
form{margin:0 0 .75rem}
button{width:100%;padding:.8rem 1rem;border-radius:10px;font:inherit;font-weight:600;cursor:pointer}
.primary{border:0;background:#4f46e5;color:#fff}.primary:hover{background:#4338ca}
.ghost{border:1px solid #d1d5db;background:#fff;color:#374151}.ghost:hover{background:#f9fafb}
.closed{margin:0;padding:.75rem 1rem;border-radius:10px;background:#fef2f2;color:#b91c1c}
</style></head><body><main>
<p class="notice"><strong>TEST PAYMENT — no money moves.</strong> This server runs the local test provider (PAYMENTS=test); purchases complete without payment.</p>
<p class="label">Lumacut · TEST</p><h1>TEST · ${escapeHtml(input.product)}</h1><p class="price">${escapeHtml(input.price)} (TEST, not charged)</p>
${form}
</main></body></html>`;
}
