import { randomUUID } from 'node:crypto';
import type { PaymentEvent, PaymentProvider } from './paymentProvider';

/**
 * LOCAL TEST PAYMENTS — NO MONEY MOVES. Only with an explicit PAYMENTS=test (never with NODE_ENV=production):
 * checkout is a page of this server (`/api/pay/test/checkout/:sessionId`) whose "Pay" button
 * completes the purchase through the same event path a Stripe webhook takes.
 */
export interface TestProvider extends PaymentProvider {
  /** The test page "pays" exactly the order's amount. */
  completeEvent(sessionId: string, paid: { amount: number; currency: string }): PaymentEvent;
  cancelEvent(sessionId: string): PaymentEvent;
  refundEvent(paymentRef: string, refunded: { amount: number; currency: string }): PaymentEvent;
  /** Where the payment page sends the buyer back; kept in memory (test sessions do not survive a restart). */
  returnUrls(sessionId: string): { successUrl: string; cancelUrl: string } | undefined;
}

export function createTestProvider(): TestProvider {
  const sessions = new Map<string, { successUrl: string; cancelUrl: string }>();
  return {
    name: 'test',
    async createCheckout(request) {
      const sessionId = `test_cs_${randomUUID().replace(/-/g, '')}`;
      sessions.set(sessionId, { successUrl: request.successUrl, cancelUrl: request.cancelUrl });
      return { sessionId, url: `/api/pay/test/checkout/${sessionId}` };
    },
    returnUrls: (sessionId) => sessions.get(sessionId),
    cancelEvent: (sessionId) => ({ id: `test_evt_cancel_${sessionId}`, type: 'checkout.expired', sessionId }),
    parseWebhook() {
      throw new Error('the local test provider has no webhooks');
    },
    async refund() {
      // Nothing to send back: no money was taken.
    },
    async cancelSubscription() {
      // Renewals of test subscriptions are simulated by the commerce service; nothing to tell.
    },
    completeEvent(sessionId, paid) {
      return {
        id: `test_evt_${sessionId}`,
        type: 'checkout.completed',
        sessionId,
        paymentRef: `test_pi_${sessionId}`,
        subscriptionRef: `test_sub_${sessionId}`,
        amountTotal: paid.amount,
        currency: paid.currency,
        paymentStatus: 'paid',
      };
    },
    refundEvent(paymentRef, refunded) {
      return { id: `test_evt_refund_${paymentRef}`, type: 'payment.refunded', paymentRef, amountRefunded: refunded.amount, currency: refunded.currency };
    },
  };
}
