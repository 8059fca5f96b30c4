import Stripe from 'stripe';
import type { CheckoutRequest, PaymentEvent, PaymentProvider } from './paymentProvider';

/** Where the Stripe client connects: api.stripe.com unless a test points it at a local server. */
export interface StripeEndpoint {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

/** Stripe Checkout: checkout sessions, signed webhooks, refunds, subscription cancel. */
export function createStripeProvider(options: { secretKey: string; webhookSecret: string; endpoint?: StripeEndpoint }): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    ...(options.endpoint ?? {}),
  });
  return {
    name: 'stripe',
    async createCheckout(request: CheckoutRequest) {
      const session = await stripe.checkout.sessions.create({
        mode: request.mode,
        client_reference_id: request.purchaseId,
        metadata: { purchaseId: request.purchaseId, accountId: request.accountId },
        ...(request.email ? { customer_email: request.email } : {}),
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency,
              unit_amount: request.amount,
              product_data: { name: request.productName },
              ...(request.mode === 'subscription' && request.intervalDays
                ? { recurring: { interval: 'day' as const, interval_count: request.intervalDays } }
                : {}),
            },
          },
        ],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { sessionId: session.id, url: session.url };
    },
    parseWebhook(rawBody, headers) {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string') throw new Error('missing Stripe-Signature header');
      const event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      return toPaymentEvent(event);
    },
    async refund(paymentRef) {
      await stripe.refunds.create({ payment_intent: paymentRef });
    },
    async cancelSubscription(subscriptionRef) {
      await stripe.subscriptions.update(subscriptionRef, { cancel_at_period_end: true });
    },
  };
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);

/** Maps the Stripe events we act on; everything else is acknowledged and ignored. */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case 'checkout.session.completed': {
      const s = event.data.object;
      if (s.payment_status !== 'paid' && s.payment_status !== 'no_payment_required') return { id: event.id, type: 'ignored' };
      return {
        id: event.id,
        type: 'checkout.completed',
        sessionId: s.id,
        paymentRef: idOf(s.payment_intent),
        subscriptionRef: idOf(s.subscription),
        amountTotal: typeof s.amount_total === 'number' ? s.amount_total : null,
        currency: s.currency ?? null,
        paymentStatus: s.payment_status,
      };
    }
    case 'checkout.session.expired':
      return { id: event.id, type: 'checkout.expired', sessionId: event.data.object.id };
    case 'charge.refunded': {
      const charge = event.data.object;
      const ref = idOf(charge.payment_intent);
      if (!ref) return { id: event.id, type: 'ignored' };
      return {
        id: event.id,
        type: 'payment.refunded',
        paymentRef: ref,
        amountRefunded: typeof charge.amount_refunded === 'number' ? charge.amount_refunded : null,
        currency: charge.currency ?? null,
      };
    }
    case 'invoice.paid': {
      const invoice = event.data.object as Stripe.Invoice & { subscription?: string | { id: string } | null };
      const sub = idOf(invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null);
      if (!sub || invoice.billing_reason !== 'subscription_cycle') return { id: event.id, type: 'ignored' };
      const end = invoice.lines.data[0]?.period.end ?? invoice.period_end;
      return { id: event.id, type: 'subscription.renewed', subscriptionRef: sub, periodEnd: new Date(end * 1000) };
    }
    case 'customer.subscription.deleted':
      return { id: event.id, type: 'subscription.ended', subscriptionRef: event.data.object.id };
    default:
      return { id: event.id, type: 'ignored' };
  }
}
