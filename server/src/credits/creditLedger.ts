import { ResultCode } from '../../../engine/spec/errors';
import { VISITOR_DEVICES_PER_ADDRESS, taskCost } from '../../../engine/spec/commerce';
import type { Database, Queryable } from '../db/database';
import { ApiError } from '../envelope';

/**
 * Who pays for a task: `account:<id>` for a signed-in account, `device:<hash>` for a visitor's
 * device, `ip:<hash>` for a visitor that sent no device id. A visitor payer may name its network
 * address after a `|` (`device:<hash>|<requester>`): its free allowance is then also capped per address.
 */
export type Payer = string;

/** Splits `device:<hash>|<requester>` (or `account:<id>|<requester>`) into the ledger payer and the requester of the address cap. */
export function splitPayer(payer: Payer): { key: string; requester: string | null } {
  const bar = payer.indexOf('|');
  if (bar < 0) return { key: payer, requester: null };
  return { key: payer.slice(0, bar), requester: payer.slice(bar + 1) || null };
}

export const accountPayer = (accountId: string): Payer => `account:${accountId}`;

/** A payer's credits, by where they come from; `total` is what a task can spend. */
export interface CreditBalance {
  /** Today's free allowance left (UTC day). */
  free: number;
  /** Subscription credits of the current period; they lapse at `planExpiresAt` (no roll-over). */
  plan: number;
  planExpiresAt: string | null;
  /** Bought credits; they never expire. */
  paid: number;
  total: number;
  /** An unlimited-credits plan is active: tasks are recorded but cost nothing. */
  unlimited: boolean;
}

export type Bucket = 'free' | 'plan' | 'paid' | 'unlimited';

interface Draw {
  bucket: Bucket;
  amount: number;
  day: string | null;
  expiresAt: string | null;
}

const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * The credit ledger: every grant, spend and refund is a row of `credit_ledger`; balances are sums
 * of rows. A spend takes a per-payer advisory lock inside the transaction that also records the
 * task, so simultaneous spends queue up and none can overdraw. Refunds happen in the database
 * (trigger on the task's status, see accounts/schema.ts), once per spend row.
 */
export class CreditLedger {
  constructor(
    private readonly db: Database,
    private readonly options: { freeDailyCredits: number; now?: () => Date },
  ) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** The payer's balance as the sum of its ledger rows. */
  async balance(payerWithAddress: Payer, q: Queryable = this.db): Promise<CreditBalance> {
    const { key: payer, requester } = splitPayer(payerWithAddress);
    const now = this.now();
    const { rows } = await q.query<{ bucket: Bucket; expires_at: Date | string | null; total: string }>(
      `select bucket, expires_at, sum(amount) as total from credit_ledger
       where payer = $1 and (bucket = 'paid' or (bucket = 'free' and day = $2::date) or (bucket = 'plan' and expires_at > $3))
       group by bucket, expires_at order by expires_at nulls last`,
      [payer, utcDay(now), now.toISOString()],
    );
    let free = this.options.freeDailyCredits;
    let plan = 0;
    let paid = 0;
    let planExpiresAt: string | null = null;
    const isAccount = payer.startsWith('account:');
    // An account's free allowance is its person's (issue 30 item 4): spends of every account of the same inbox count.
    if (isAccount) free += await this.personFreeSpent(payer, q, now);
    for (const r of rows) {
      const n = Number(r.total);
      if (r.bucket === 'free') free += isAccount ? 0 : n;
      else if (r.bucket === 'paid') paid += n;
      else if (r.bucket === 'plan' && n > 0) {
        plan += n;
        planExpiresAt ??= new Date(r.expires_at!).toISOString();
      }
    }
    if (requester) free = Math.min(free, await this.addressFreeLeft(requester, q, now));
    free = Math.max(0, free);
    const unlimited = await this.hasUnlimitedPlan(payer, q, now);
    return { free, plan, planExpiresAt, paid, total: free + plan + paid, unlimited };
  }

  /** Today's free spends (negative) of this account and of every other account of the same person (accounts.person_key). */
  private async personFreeSpent(payer: Payer, q: Queryable, now: Date): Promise<number> {
    const { rows } = await q.query<{ total: string }>(
      `select coalesce(sum(amount), 0) as total from credit_ledger
       where bucket = 'free' and day = $2::date and (payer = $1 or payer in (
         select 'account:' || a.id from accounts a join accounts me on me.person_key = a.person_key where me.id = $3))`,
      [payer, utcDay(now), payer.slice('account:'.length)],
    );
    return Number(rows[0]?.total ?? 0);
  }

  /** Free credits visitors (and free accounts) behind this address may still spend today. */
  private async addressFreeLeft(requester: string, q: Queryable, now: Date): Promise<number> {
    const { rows } = await q.query<{ used: string }>(
      `select coalesce(-sum(amount), 0) as used from credit_ledger where requester = $1 and bucket = 'free' and day = $2::date`,
      [requester, utcDay(now)],
    );
    return this.options.freeDailyCredits * VISITOR_DEVICES_PER_ADDRESS - Number(rows[0]?.used ?? 0);
  }

  /** The plan groups (one per expiry) with credits left, soonest first: a spend uses them in that order. */
  private async planGroups(payer: Payer, q: Queryable, now: Date): Promise<Array<{ expiresAt: string; left: number }>> {
    const { rows } = await q.query<{ expires_at: Date | string; total: string }>(
      `select expires_at, sum(amount) as total from credit_ledger where payer = $1 and bucket = 'plan' and expires_at > $2
       group by expires_at having sum(amount) > 0 order by expires_at`,
      [payer, now.toISOString()],
    );
    return rows.map((r) => ({ expiresAt: new Date(r.expires_at).toISOString(), left: Number(r.total) }));
  }

  private async hasUnlimitedPlan(payer: Payer, q: Queryable, now: Date): Promise<boolean> {
    if (!payer.startsWith('account:')) return false;
    const { rows } = await q.query(
      `select 1 from subscriptions where account_id = $1 and plan_id = 'unlimited-monthly'
       and status in ('Active', 'Canceled') and current_period_end > $2 limit 1`,
      [payer.slice('account:'.length), now.toISOString()],
    );
    return rows.length > 0;
  }

  /**
   * Grants credits. `ref` makes it idempotent (a purchase or a period's grant is granted once):
   * returns false when a grant with that ref exists already.
   */
  async grant(
    payer: Payer,
    amount: number,
    options: { bucket: 'paid' | 'plan'; ref: string; expiresAt?: Date | null; note?: string },
    q: Queryable = this.db,
  ): Promise<boolean> {
    if (!Number.isInteger(amount) || amount <= 0) throw new Error('a grant must be a positive whole number of credits');
    if (options.bucket === 'plan' && !options.expiresAt) throw new Error('plan credits need an expiry');
    const { rows } = await q.query(
      `insert into credit_ledger (payer, amount, kind, bucket, expires_at, ref, note) values ($1, $2, 'grant', $3, $4, $5, $6)
       on conflict (ref) where kind = 'grant' and ref is not null do nothing returning id`,
      [payer, amount, options.bucket, options.expiresAt?.toISOString() ?? null, options.ref, options.note ?? ''],
    );
    return rows.length > 0;
  }

  /** Whether a grant with this ref exists (a purchase or gift already granted). */
  async hasGrant(ref: string): Promise<boolean> {
    const { rows } = await this.db.query(`select 1 from credit_ledger where ref = $1 and kind = 'grant'`, [ref]);
    return rows.length > 0;
  }

  /** Takes back what is left of a paid grant (a refunded purchase): never more than the paid balance. */
  async revokePaid(payer: Payer, amount: number, ref: string, q: Queryable = this.db): Promise<number> {
    const { rows } = await q.query<{ total: string }>(`select coalesce(sum(amount), 0) as total from credit_ledger where payer = $1 and bucket = 'paid'`, [
      payer,
    ]);
    const take = Math.min(amount, Math.max(0, Number(rows[0]?.total ?? 0)));
    if (take > 0) {
      await q.query(`insert into credit_ledger (payer, amount, kind, bucket, ref, note) values ($1, $2, 'spend', 'paid', $3, 'purchase refunded')`, [
        payer,
        -take,
        ref,
      ]);
    }
    return take;
  }

  /**
   * Charges `payer` for a task and records the task (`insertTask`) in the same transaction: either
   * both happen or neither. Draws today's free credits first, then subscription credits (soonest
   * to lapse first), then bought ones. Throws 1010103 when the balance is short.
   */
  async chargeForTask(
    payerWithAddress: Payer,
    task: { id: string; type: string; params?: Record<string, unknown> },
    insertTask: (tx: Queryable) => Promise<void>,
  ): Promise<{ cost: number; balance: CreditBalance }> {
    const cost = taskCost(task.type, task.params ?? {});
    const { key: payer, requester } = splitPayer(payerWithAddress);
    return this.db.transaction(async (tx) => {
      // The address lock first (always in this order), so visitors behind one address queue up too,
      // then the person's, so plus-addressed accounts of one inbox cannot overdraw their shared allowance.
      if (requester) await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 7302))', [requester]);
      if (payer.startsWith('account:')) {
        await tx.query(`select pg_advisory_xact_lock(hashtextextended(coalesce((select person_key from accounts where id = $1), $1), 7303))`, [
          payer.slice('account:'.length),
        ]);
      }
      await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 7301))', [payer]);
      const now = this.now();
      const before = await this.balance(payerWithAddress, tx);
      const draws: Draw[] = [];
      if (before.unlimited) {
        draws.push({ bucket: 'unlimited', amount: 0, day: null, expiresAt: null });
      } else if (cost > 0) {
        if (before.total < cost) {
          throw new ApiError(ResultCode.CREDITS_NOT_ENOUGH, `this task needs ${cost} credits and ${before.total} are left`);
        }
        let due = cost;
        const take = (bucket: Bucket, available: number, day: string | null, expiresAt: string | null) => {
          const n = Math.min(due, available);
          if (n > 0) draws.push({ bucket, amount: n, day, expiresAt });
          due -= n;
        };
        take('free', before.free, utcDay(now), null);
        for (const group of await this.planGroups(payer, tx, now)) take('plan', group.left, null, group.expiresAt);
        take('paid', before.paid, null, null);
      }
      await insertTask(tx);
      for (const d of draws) {
        await tx.query(
          `insert into credit_ledger (payer, amount, kind, bucket, day, expires_at, task_id, note, requester) values ($1, $2, 'spend', $3, $4, $5, $6, $7, $8)`,
          [payer, -d.amount, d.bucket, d.day, d.expiresAt, task.id, task.type, d.bucket === 'free' ? requester : null],
        );
      }
      return { cost: before.unlimited ? 0 : cost, balance: await this.balance(payerWithAddress, tx) };
    });
  }

  /**
   * Refunds a task's spends. The trigger on `tasks` already does this when a task fails or is
   * cancelled; this is the same statement for callers that end a task some other way. Idempotent:
   * returns how many spend rows were refunded now (0 the second time).
   */
  async refundTask(taskId: string, q: Queryable = this.db): Promise<number> {
    const { rows } = await q.query(
      `insert into credit_ledger (payer, amount, kind, bucket, day, expires_at, task_id, refund_of, note, requester)
       select payer, -amount, 'refund', bucket, day, expires_at, task_id, id, 'refund', requester
       from credit_ledger where task_id = $1 and kind = 'spend'
       on conflict (refund_of) do nothing returning id`,
      [taskId],
    );
    return rows.length;
  }
}
