/** Shapes of the account, credit and order replies (src/api/accountApi.ts), as the pages show them. */
export interface CreditBalanceView {
  free: number;
  plan: number;
  planExpiresAt: string | null;
  paid: number;
  total: number;
  unlimited: boolean;
}
export interface SubscriptionView {
  id: string;
  planId: string;
  status: 'Active' | 'Canceled' | 'Expired';
  currentPeriodEnd: string | null;
}
export interface OrderView {
  id: string;
  productKind: 'Subscription' | 'Credits';
  productId: string;
  amount: number;
  currency: string;
  status: 'pending' | 'paid' | 'refunded' | 'failed' | 'canceled';
  createdAt: string;
  paidAt: string | null;
}
