import { randomUUID } from 'node:crypto';
import { SubscriptionStatus, planById, type SubscriptionStatusValue } from '../../../engine/spec/commerce';
import type { Queryable } from '../db/database';
import { accountPayer, type CreditLedger } from '../credits/creditLedger';

export interface SubscriptionRecord {
  id: string;
  accountId: string;
  planId: string;
  status: SubscriptionStatusValue;
  provider: string;
  providerRef: string | null;
  currentPeriodStart: string;
  /** Null for the lifetime plan. */
  currentPeriodEnd: string | null;
}

interface Row {
  id: string;
  account_id: string;
  plan_id: string;
  status: SubscriptionStatusValue;
  provider: string;
  provider_ref: string | null;
  current_period_start: Date | string;
  current_period_end: Date | string | null;
}

export const subscriptionFromRow = (r: Row): SubscriptionRecord => ({
  id: r.id,
  accountId: r.account_id,
  planId: r.plan_id,
  status: r.status,
  provider: r.provider,
  providerRef: r.provider_ref,
  currentPeriodStart: new Date(r.current_period_start).toISOString(),
  currentPeriodEnd: r.current_period_end ? new Date(r.current_period_end).toISOString() : null,
});

const addDays = (at: Date, days: number): Date => new Date(at.getTime() + days * 86_400_000);

/**
 * Subscriptions of SPEC §3: Active (renews), Canceled (runs to the end of its paid period, then
 * Expired), Expired. Each period grants the plan's credits, which lapse with the period.
 */
export class Subscriptions {
  constructor(
    private readonly ledger: CreditLedger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Starts a plan bought by `purchaseId`; a plan already running for the account is replaced. */
  async start(
    q: Queryable,
    input: { accountId: string; planId: string; provider: string; providerRef: string | null; purchaseId: string },
  ): Promise<SubscriptionRecord> {
    const plan = planById(input.planId);
    if (!plan) throw new Error(`unknown plan ${input.planId}`);
    await q.query(`update subscriptions set status = 'Expired', updated_at = now() where account_id = $1 and status <> 'Expired'`, [input.accountId]);
    const start = this.now();
    const end = plan.days ? addDays(start, plan.days) : null;
    const id = `SUB_${randomUUID().replace(/-/g, '')}`;
    const { rows } = await q.query<Row>(
      `insert into subscriptions (id, account_id, plan_id, status, provider, provider_ref, current_period_start, current_period_end)
       values ($1, $2, $3, 'Active', $4, $5, $6, $7) returning *`,
      [id, input.accountId, plan.id, input.provider, input.providerRef, start.toISOString(), end?.toISOString() ?? null],
    );
    await this.grantPeriod(q, subscriptionFromRow(rows[0]!));
    return subscriptionFromRow(rows[0]!);
  }

  /** Moves a subscription into its next period (a paid renewal) and grants that period's credits. */
  async renew(q: Queryable, sub: SubscriptionRecord, periodEnd?: Date): Promise<SubscriptionRecord> {
    const plan = planById(sub.planId);
    if (!plan?.days || !sub.currentPeriodEnd) return sub;
    const start = new Date(sub.currentPeriodEnd);
    const end = periodEnd ?? addDays(start, plan.days);
    const { rows } = await q.query<Row>(
      `update subscriptions set current_period_start = $2, current_period_end = $3, updated_at = now() where id = $1 returning *`,
      [sub.id, start.toISOString(), end.toISOString()],
    );
    const renewed = subscriptionFromRow(rows[0]!);
    await this.grantPeriod(q, renewed);
    return renewed;
  }

  private async grantPeriod(q: Queryable, sub: SubscriptionRecord): Promise<void> {
    const plan = planById(sub.planId);
    if (!plan?.creditsPerPeriod || !sub.currentPeriodEnd) return;
    // One grant per subscription and period: the ref makes a repeated renewal grant nothing.
    await this.ledger.grant(
      accountPayer(sub.accountId),
      plan.creditsPerPeriod,
      {
        bucket: 'plan',
        ref: `sub:${sub.id}:${sub.currentPeriodEnd}`,
        expiresAt: new Date(sub.currentPeriodEnd),
        note: `${plan.id} plan credits`,
      },
      q,
    );
  }

  async setStatus(q: Queryable, id: string, status: SubscriptionStatusValue): Promise<void> {
    await q.query('update subscriptions set status = $2, updated_at = now() where id = $1', [id, status]);
  }

  /**
   * The account's current subscription, brought up to date first: a lapsed Canceled one becomes
   * Expired; a lapsed Active one of the local test provider renews (no money moves there), one of a
   * real provider waits a day for its renewal webhook, then expires.
   */
  async current(q: Queryable, accountId: string): Promise<SubscriptionRecord | null> {
    const { rows } = await q.query<Row>(`select * from subscriptions where account_id = $1 and status <> 'Expired' order by created_at desc limit 1`, [
      accountId,
    ]);
    let sub = rows[0] ? subscriptionFromRow(rows[0]) : null;
    const now = this.now();
    while (sub?.currentPeriodEnd && new Date(sub.currentPeriodEnd) <= now) {
      const end = new Date(sub.currentPeriodEnd);
      if (sub.status === SubscriptionStatus.ACTIVE && sub.provider === 'test') {
        sub = await this.renew(q, sub);
        continue;
      }
      if (sub.status === SubscriptionStatus.CANCELED || now.getTime() - end.getTime() > 86_400_000) {
        await this.setStatus(q, sub.id, SubscriptionStatus.EXPIRED);
        return { ...sub, status: SubscriptionStatus.EXPIRED };
      }
      break;
    }
    return sub;
  }

  async byProviderRef(q: Queryable, ref: string): Promise<SubscriptionRecord | null> {
    const { rows } = await q.query<Row>('select * from subscriptions where provider_ref = $1 order by created_at desc limit 1', [ref]);
    return rows[0] ? subscriptionFromRow(rows[0]) : null;
  }
}
