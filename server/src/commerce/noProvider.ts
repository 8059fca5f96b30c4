import { ResultCode } from '../../../engine/spec/errors';
import { ApiError } from '../envelope';
import type { PaymentProvider } from './paymentProvider';

/**
 * No payment provider: personal mode, or service mode without Stripe keys and without PAYMENTS=test.
 * Payments fail closed: a checkout answers 1000003 instead of completing without money.
 */
export function createNoProvider(reason: string): PaymentProvider {
  const refuse = (): never => {
    throw new ApiError(ResultCode.SERVICE_UNAVAILABLE, reason, 503);
  };
  return {
    name: 'none',
    createCheckout: async () => refuse(),
    parseWebhook: () => refuse(),
    refund: async () => refuse(),
    cancelSubscription: async () => undefined,
  };
}
