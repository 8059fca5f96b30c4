import { randomUUID } from 'node:crypto';
import type { PaymentEvent, PaymentProvider } from './paymentProvider';

/**
 * LOCAL TEST PAYMENTS — NO MONEY MOVES. The embedded default when no Stripe key is configured:
 * checkout is a page of this server (`/api/pay/test/checkout/:sessionId`) whose "Pay" button
 * completes the purchase through the same event path a Stripe webhook takes.
 */
export interface TestProvider extends PaymentProvider {
  completeEvent(sessionId: string): PaymentEvent;
  cancelEvent(sessionId: string): PaymentEvent;
  refundEvent(paymentRef: string): PaymentEvent;
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
    completeEvent(sessionId) {
      return { id: `test_evt_${sessionId}`, type: 'checkout.completed', sessionId, paymentRef: `test_pi_${sessionId}`, subscriptionRef: `test_sub_${sessionId}` };
    },
    refundEvent(paymentRef) {
      return { id: `test_evt_refund_${paymentRef}`, type: 'payment.refunded', paymentRef };
    },
  };
}
