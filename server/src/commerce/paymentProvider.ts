/**
 * The payment provider interface: Stripe Checkout in production (stripeProvider.ts), the local
 * test provider on the embedded default (testProvider.ts, no money moves). The commerce service
 * only sees this interface and the events it reports.
 */

export interface CheckoutRequest {
  purchaseId: string;
  accountId: string;
  email: string | null;
  /** 'payment' for a credit pack or lifetime plan, 'subscription' for a recurring plan. */
  mode: 'payment' | 'subscription';
  productName: string;
  /** Price in the currency's smallest unit. */
  amount: number;
  currency: string;
  /** Days between renewals, for subscriptions. */
  intervalDays: number | null;
  successUrl: string;
  cancelUrl: string;
}

/** What happened at the provider, in the provider-neutral form the commerce service acts on. */
export type PaymentEvent =
  | {
      id: string;
      type: 'checkout.completed';
      sessionId: string;
      paymentRef: string | null;
      subscriptionRef: string | null;
      /** What the provider says was charged (smallest unit, lower-case currency); checked against the order. */
      amountTotal: number | null;
      currency: string | null;
      /** Stripe's payment_status: 'paid', or 'no_payment_required' (settles only an order priced 0). */
      paymentStatus: 'paid' | 'no_payment_required';
    }
  | { id: string; type: 'checkout.expired'; sessionId: string }
  | {
      id: string;
      type: 'payment.refunded';
      paymentRef: string;
      /** The total refunded so far on this payment (cumulative, as Stripe's charge.amount_refunded), and its currency. */
      amountRefunded: number | null;
      currency: string | null;
    }
  | { id: string; type: 'subscription.renewed'; subscriptionRef: string; periodEnd: Date }
  | { id: string; type: 'subscription.ended'; subscriptionRef: string }
  | { id: string; type: 'ignored' };

export interface PaymentProvider {
  readonly name: 'stripe' | 'test' | 'none';
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** Verifies a webhook's signature and reads its event; throws on a forged or stale one. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent;
  refund(paymentRef: string): Promise<void>;
  /** Stops renewals at the end of the paid period. */
  cancelSubscription(subscriptionRef: string): Promise<void>;
}
