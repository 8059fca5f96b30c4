import { randomUUID } from 'node:crypto';
import { ProductKind, SubscriptionStatus, packById, planById, type Prices } from '../../../engine/spec/commerce';
import { ResultCode } from '../../../engine/spec/errors';
import type { Database, Queryable } from '../db/database';
import { accountPayer, type CreditLedger } from '../credits/creditLedger';
import { ApiError, paramsInvalid } from '../envelope';
import type { PaymentEvent, PaymentProvider } from './paymentProvider';
import { Promotions } from './promotions';
import { Subscriptions, type SubscriptionRecord } from './subscriptions';

export interface PurchaseRecord {
  id: string;
  productKind: string;
  productId: string;
  amount: number;
  currency: string;
  status: string;
  provider: string;
  createdAt: string;
  paidAt: string | null;
  refundedAt: string | null;
}

interface PurchaseRow {
  id: string;
  account_id: string;
  product_kind: string;
  product_id: string;
  amount: number;
  currency: string;
  status: string;
  provider: string;
  provider_session_id: string | null;
  provider_payment_ref: string | null;
  created_at: Date | string;
  paid_at: Date | string | null;
  refunded_at: Date | string | null;
}

const iso = (d: Date | string | null): string | null => (d ? new Date(d).toISOString() : null);
const toRecord = (r: PurchaseRow): PurchaseRecord => ({
  id: r.id,
  productKind: r.product_kind,
  productId: r.product_id,
  amount: Number(r.amount),
  currency: r.currency,
  status: r.status,
  provider: r.provider,
  createdAt: iso(r.created_at)!,
  paidAt: iso(r.paid_at),
  refundedAt: iso(r.refunded_at),
});

/**
 * Why a provider's "checkout completed" must not settle `order`, or null when it may: the amount and currency
 * charged must be the order's, and "no payment required" settles only an order priced 0.
 */
export function paymentProblem(
  order: { amount: number | string; currency: string },
  event: { amountTotal: number | null; currency: string | null; paymentStatus: 'paid' | 'no_payment_required' },
): string | null {
  const amount = Number(order.amount);
  if (event.paymentStatus === 'no_payment_required' && amount > 0) return `no payment required for an order of ${amount} ${order.currency}`;
  if (event.amountTotal === null || event.currency === null) return 'the provider did not say what was paid';
  if (event.currency.toLowerCase() !== order.currency) return `paid in ${event.currency}, order in ${order.currency}`;
  if (event.amountTotal !== amount) return `paid ${event.amountTotal}, order is ${amount} ${order.currency}`;
  return null;
}

/** The outcome of one provider event: applied, or seen before (a webhook delivered twice). */
export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

/** An unpaid local test checkout is cancelled this long after it started (Stripe's shortest session life). */
export const TEST_CHECKOUT_EXPIRY_MINUTES = 30;

/**
 * Purchases of plans and credit packs: checkout through the payment provider, and the provider's
 * events (paid, refunded, renewed, ended) applied exactly once each.
 */
export class CommerceService {
  readonly subscriptions: Subscriptions;
  readonly promotions: Promotions;

  constructor(private readonly deps: { db: Database; ledger: CreditLedger; provider: PaymentProvider; now?: () => Date }) {
    this.subscriptions = new Subscriptions(deps.ledger, deps.now);
    this.promotions = new Promotions(deps.now);
  }

  get provider(): PaymentProvider {
    return this.deps.provider;
  }

  get db(): Database {
    return this.deps.db;
  }

  /** Starts a checkout for a plan or a credit pack; `repeat` when the plan is already running. */
  async checkout(input: {
    accountId: string;
    email: string | null;
    productId: string;
    currency: string;
    returnUrl: string;
  }): Promise<{ repeat: true; subscription: SubscriptionRecord } | { repeat: false; purchaseId: string; url: string }> {
    const currency = input.currency.toLowerCase() as keyof Prices;
    const plan = planById(input.productId);
    const pack = packById(input.productId);
    if ((!plan && !pack) || plan?.id === 'free') throw paramsInvalid('unknown product');
    const listPrice = (plan ?? pack)!.prices[currency];
    if (listPrice === undefined) throw paramsInvalid('unsupported currency');
    // The sales promotion is the server's decision: a plan bought while the account's offer runs costs less.
    const amount = plan ? await this.promotions.planPrice(this.deps.db, input.accountId, listPrice) : listPrice;
    if (plan) {
      const current = await this.subscriptions.current(this.deps.db, input.accountId);
      if (current && current.planId === plan.id && current.status === SubscriptionStatus.ACTIVE) return { repeat: true, subscription: current };
    }
    const id = `ORD_${randomUUID().replace(/-/g, '')}`;
    const kind = plan ? ProductKind.SUBSCRIPTION : ProductKind.CREDITS;
    await this.deps.db.query(
      `insert into purchases (id, account_id, product_kind, product_id, amount, currency, status, provider) values ($1, $2, $3, $4, $5, $6, 'pending', $7)`,
      [id, input.accountId, kind, input.productId, amount, currency, this.deps.provider.name],
    );
    const session = await this.deps.provider.createCheckout({
      purchaseId: id,
      accountId: input.accountId,
      email: input.email,
      mode: plan && plan.days ? 'subscription' : 'payment',
      productName: plan ? `Lumacut ${plan.id} plan` : `Lumacut ${pack!.credits} credits`,
      amount,
      currency,
      intervalDays: plan?.days ?? null,
      successUrl: `${input.returnUrl}${input.returnUrl.includes('?') ? '&' : '?'}purchase=${id}&result=success`,
      cancelUrl: `${input.returnUrl}${input.returnUrl.includes('?') ? '&' : '?'}purchase=${id}&result=cancel`,
    });
    await this.deps.db.query('update purchases set provider_session_id = $2 where id = $1', [id, session.sessionId]);
    return { repeat: false, purchaseId: id, url: session.url };
  }

  /** Applies a provider event once: its id is recorded in the same transaction as its effect. */
  async apply(event: PaymentEvent): Promise<EventOutcome> {
    if (event.type === 'ignored') return 'ignored';
    return this.deps.db.transaction(async (tx) => {
      const { rows } = await tx.query(`insert into payment_events (provider, event_id) values ($1, $2) on conflict do nothing returning event_id`, [
        this.deps.provider.name,
        event.id,
      ]);
      if (rows.length === 0) return 'duplicate';
      await this.applyOnce(tx, event);
      return 'applied';
    });
  }

  private async applyOnce(tx: Queryable, event: Exclude<PaymentEvent, { type: 'ignored' }>): Promise<void> {
    switch (event.type) {
      case 'checkout.completed': {
        const pending = await tx.query<PurchaseRow>(`select * from purchases where provider_session_id = $1 and status = 'pending' for update`, [
          event.sessionId,
        ]);
        const order = pending.rows[0];
        if (!order) return; // unknown or already settled: nothing is granted twice
        // Issue 30 item 7: the provider's word on what was paid must match the order, or nothing is granted.
        const problem = paymentProblem(order, event);
        if (problem) {
          await tx.query(`update purchases set status = 'review', review_note = $2, provider_payment_ref = $3 where id = $1`, [
            order.id,
            problem,
            event.paymentRef,
          ]);
          console.warn(`purchase ${order.id} held for review: ${problem}`);
          return;
        }
        const { rows } = await tx.query<PurchaseRow>(
          `update purchases set status = 'paid', paid_at = now(), provider_payment_ref = $2
           where id = $1 and status = 'pending' returning *`,
          [order.id, event.paymentRef],
        );
        const purchase = rows[0];
        if (!purchase) return;
        const alive = await tx.query('select 1 from accounts where id = $1 and deleted_at is null', [purchase.account_id]);
        if (alive.rows.length === 0) return;
        if (purchase.product_kind === ProductKind.CREDITS) {
          const pack = packById(purchase.product_id)!;
          await this.deps.ledger.grant(accountPayer(purchase.account_id), pack.credits, { bucket: 'paid', ref: `purchase:${purchase.id}`, note: pack.id }, tx);
        } else {
          await this.subscriptions.start(tx, {
            accountId: purchase.account_id,
            planId: purchase.product_id,
            provider: this.deps.provider.name,
            providerRef: event.subscriptionRef ?? event.paymentRef,
            purchaseId: purchase.id,
          });
        }
        return;
      }
      case 'checkout.expired':
        await tx.query(`update purchases set status = 'canceled' where provider_session_id = $1 and status = 'pending'`, [event.sessionId]);
        return;
      case 'payment.refunded': {
        const found = await tx.query<PurchaseRow & { refunded_amount: number }>(
          `select * from purchases where provider_payment_ref = $1 and status in ('paid', 'partially_refunded') for update`,
          [event.paymentRef],
        );
        const purchase = found.rows[0];
        if (!purchase) return;
        const amount = Number(purchase.amount);
        if (event.currency !== null && event.currency.toLowerCase() !== purchase.currency) {
          await tx.query(`update purchases set status = 'review', review_note = $2 where id = $1`, [
            purchase.id,
            `refund in ${event.currency}, order in ${purchase.currency}`,
          ]);
          return;
        }
        // Stripe reports the total refunded so far; an older (smaller) total delivered late changes nothing.
        const before = Number(purchase.refunded_amount ?? 0);
        const refunded = Math.min(amount, Math.max(before, event.amountRefunded ?? amount));
        if (refunded <= before && before > 0) return;
        const full = refunded >= amount;
        await tx.query(`update purchases set status = $2, refunded_amount = $3, refunded_at = now(), review_note = $4 where id = $1`, [
          purchase.id,
          full ? 'refunded' : 'partially_refunded',
          refunded,
          full ? null : `partial refund: ${refunded} of ${amount} ${purchase.currency}`,
        ]);
        if (purchase.product_kind === ProductKind.CREDITS) {
          // A pack is taken back in proportion to the money returned (rounded up), less what earlier refunds took.
          const credits = packById(purchase.product_id)!.credits;
          const share = (n: number) => (amount > 0 ? Math.ceil((credits * n) / amount) : credits);
          const take = share(refunded) - share(before);
          if (take > 0) await this.deps.ledger.revokePaid(accountPayer(purchase.account_id), take, `refund:${purchase.id}:${refunded}`, tx);
        } else if (full) {
          await tx.query(`update subscriptions set status = 'Expired', updated_at = now() where account_id = $1 and status <> 'Expired'`, [
            purchase.account_id,
          ]);
          // The refunded plan's unspent credits go with it.
          await tx.query(
            `insert into credit_ledger (payer, amount, kind, bucket, expires_at, note)
             select payer, -sum(amount), 'spend', 'plan', expires_at, 'plan refunded' from credit_ledger
             where payer = $1 and bucket = 'plan' and expires_at > now() group by payer, expires_at having sum(amount) > 0`,
            [accountPayer(purchase.account_id)],
          );
        } else {
          // A partly refunded plan keeps running: it is flagged (status and note) for the operator to decide.
          console.warn(`purchase ${purchase.id}: plan partly refunded (${refunded} of ${amount} ${purchase.currency}); flagged for review`);
        }
        return;
      }
      case 'subscription.renewed': {
        const sub = await this.subscriptions.byProviderRef(tx, event.subscriptionRef);
        if (sub && sub.status !== SubscriptionStatus.EXPIRED) await this.subscriptions.renew(tx, sub, event.periodEnd);
        return;
      }
      case 'subscription.ended': {
        const sub = await this.subscriptions.byProviderRef(tx, event.subscriptionRef);
        if (sub) await this.subscriptions.setStatus(tx, sub.id, SubscriptionStatus.EXPIRED);
        return;
      }
    }
  }

  /** The account's subscription (brought up to date: renewed or expired as its dates say), or null. */
  currentSubscription(accountId: string): Promise<SubscriptionRecord | null> {
    return this.subscriptions.current(this.deps.db, accountId);
  }

  /** Cancels the account's subscription: it stays usable to the end of the paid period, then expires. */
  async cancelSubscription(accountId: string): Promise<SubscriptionRecord> {
    const sub = await this.subscriptions.current(this.deps.db, accountId);
    if (!sub || sub.status !== SubscriptionStatus.ACTIVE) throw paramsInvalid('there is no active subscription to cancel');
    if (sub.providerRef && sub.provider === this.deps.provider.name) await this.deps.provider.cancelSubscription(sub.providerRef);
    await this.subscriptions.setStatus(this.deps.db, sub.id, SubscriptionStatus.CANCELED);
    return { ...sub, status: SubscriptionStatus.CANCELED };
  }

  /** Refunds a paid purchase through the provider; the provider's refund event takes the credits back. */
  async refund(purchaseId: string): Promise<void> {
    const { rows } = await this.deps.db.query<PurchaseRow>('select * from purchases where id = $1', [purchaseId]);
    const purchase = rows[0];
    if (!purchase || purchase.status !== 'paid' || !purchase.provider_payment_ref) throw paramsInvalid('no paid purchase with that id');
    await this.deps.provider.refund(purchase.provider_payment_ref);
    // The test provider sends no webhooks: apply its refund here, through the same path.
    if (this.deps.provider.name === 'test') {
      await this.apply({
        id: `test_evt_refund_${purchase.provider_payment_ref}`,
        type: 'payment.refunded',
        paymentRef: purchase.provider_payment_ref,
        amountRefunded: Number(purchase.amount),
        currency: purchase.currency,
      });
    }
  }

  async orders(accountId: string): Promise<PurchaseRecord[]> {
    await this.expireAbandonedTestCheckouts(accountId);
    const { rows } = await this.deps.db.query<PurchaseRow>('select * from purchases where account_id = $1 order by created_at desc limit 200', [accountId]);
    return rows.map(toRecord);
  }

  /** A purchase of the account, by id (for the order page after a checkout). */
  async order(accountId: string, purchaseId: string): Promise<PurchaseRecord> {
    await this.expireAbandonedTestCheckouts(accountId);
    const { rows } = await this.deps.db.query<PurchaseRow>('select * from purchases where id = $1 and account_id = $2', [purchaseId, accountId]);
    if (!rows[0]) throw new ApiError(ResultCode.PARAMS_INVALID, 'no such order');
    return toRecord(rows[0]);
  }

  /**
   * A local test checkout left unpaid has no provider to expire it (Stripe sends checkout.session.expired, and the
   * test provider's sessions do not even survive a restart): past TEST_CHECKOUT_EXPIRY_MINUTES it is cancelled,
   * so the order page stops saying "Waiting for payment" forever (issue 29).
   */
  private async expireAbandonedTestCheckouts(accountId: string | null): Promise<void> {
    if (this.deps.provider.name !== 'test') return;
    const before = new Date((this.deps.now?.() ?? new Date()).getTime() - TEST_CHECKOUT_EXPIRY_MINUTES * 60_000);
    await this.deps.db.query(
      `update purchases set status = 'canceled' where status = 'pending' and provider = 'test' and created_at < $1 and ($2::text is null or account_id = $2)`,
      [before.toISOString(), accountId],
    );
  }

  /** The test provider's checkout session, for its local payment page (an abandoned one reads as cancelled). */
  async pendingBySession(sessionId: string): Promise<PurchaseRecord | null> {
    await this.expireAbandonedTestCheckouts(null);
    const { rows } = await this.deps.db.query<PurchaseRow>('select * from purchases where provider_session_id = $1', [sessionId]);
    return rows[0] ? toRecord(rows[0]) : null;
  }
}
