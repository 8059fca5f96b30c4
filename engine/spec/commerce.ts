/**
 * Commerce constants of SPEC §1/§3: what each task costs in credits, the plans and their
 * periods, the credit packs. One table shared by the client (price page, "buy credits"
 * dialog, balance shown before a task) and the server (the ledger charges from it).
 */
import type { TaskType } from './taskTypes';
import { TASK_CREDITS } from './tasks/credits';

export { RECOMPOSITE_FIELD, RECOMPOSITE_TASK_TYPES } from './tasks/credits';

/**
 * Credits a task of each type costs: the `credits` column of the task table (engine/spec/tasks/credits.ts).
 * Generative types cost more. Product recognition (productIdentify, imageTagger) is free: the AI background
 * step runs it by itself whenever the photos change (SPEC §4), so charging would spend credits the user never asked to spend.
 * The bulk resizer (batchEdit) is free too: it is plain image scaling, not an AI tool. A free task is recorded
 * without a ledger transaction (server TaskService), so a 100-photo resize batch is queued in one go.
 */
export const TASK_CREDIT_COSTS: Partial<Record<TaskType, number>> = TASK_CREDITS;
export const DEFAULT_TASK_COST = 1;

/**
 * Credits one task of `type` costs: its row of the credits column, whatever its params. SPEC §3/§7 make the
 * enhancer's `efMode` a strength (Slight, Balance, Strong) and name no price by strength or by scale, so the
 * 2× and 4× enhancements cost the same (an old rule doubled "efMode 4", a value efMode never has).
 * `params` stays in the signature so a future per-params price has one place to live.
 */
export function taskCost(type: string, _params: Record<string, unknown> = {}): number {
  return TASK_CREDIT_COSTS[type as TaskType] ?? DEFAULT_TASK_COST;
}

/**
 * Free credits a visitor device (or a free account) gets per UTC day, enforced by the server. Five,
 * so that a visitor can try the most expensive tool (a generated image, 4) once a day.
 */
export const FREE_DAILY_CREDITS = 5;
/**
 * Visitors and free accounts behind one network address share at most this many allowances a day,
 * so new device ids or new (plus-addressed) accounts do not mint free credits; bought and plan
 * credits are not capped.
 */
export const VISITOR_DEVICES_PER_ADDRESS = 5;

/** Plan period (numeric) of SPEC §3. */
export const PlanPeriod = { FREE: 0, WEEKLY: 1, MONTHLY: 2, QUARTERLY: 3, YEARLY: 4, LIFETIME: 5, UNLIMITED_MONTHLY: 6 } as const;
export type PlanPeriodValue = (typeof PlanPeriod)[keyof typeof PlanPeriod];

/** Subscription status of SPEC §3. */
export const SubscriptionStatus = { ACTIVE: 'Active', CANCELED: 'Canceled', EXPIRED: 'Expired' } as const;
export type SubscriptionStatusValue = (typeof SubscriptionStatus)[keyof typeof SubscriptionStatus];

/** Product kind of SPEC §3. */
export const ProductKind = { SUBSCRIPTION: 'Subscription', CREDITS: 'Credits' } as const;

/** Prices in the smallest unit of each currency (cents; yen has none). */
export type Prices = Record<'usd' | 'eur' | 'jpy', number>;

export interface Plan {
  id: string;
  period: PlanPeriodValue;
  /** Length of one period in days; null for free and lifetime. */
  days: number | null;
  /** Credits granted at the start of each period (they do not roll over); null means unlimited. */
  creditsPerPeriod: number | null;
  prices: Prices;
}

export const PLANS: readonly Plan[] = [
  { id: 'free', period: PlanPeriod.FREE, days: null, creditsPerPeriod: 0, prices: { usd: 0, eur: 0, jpy: 0 } },
  { id: 'weekly', period: PlanPeriod.WEEKLY, days: 7, creditsPerPeriod: 30, prices: { usd: 499, eur: 499, jpy: 780 } },
  { id: 'monthly', period: PlanPeriod.MONTHLY, days: 30, creditsPerPeriod: 150, prices: { usd: 999, eur: 999, jpy: 1500 } },
  { id: 'quarterly', period: PlanPeriod.QUARTERLY, days: 91, creditsPerPeriod: 500, prices: { usd: 2499, eur: 2499, jpy: 3800 } },
  { id: 'yearly', period: PlanPeriod.YEARLY, days: 365, creditsPerPeriod: 2400, prices: { usd: 7999, eur: 7999, jpy: 12000 } },
  { id: 'lifetime', period: PlanPeriod.LIFETIME, days: null, creditsPerPeriod: 0, prices: { usd: 19999, eur: 19999, jpy: 30000 } },
  { id: 'unlimited-monthly', period: PlanPeriod.UNLIMITED_MONTHLY, days: 30, creditsPerPeriod: null, prices: { usd: 2999, eur: 2999, jpy: 4500 } },
];

export interface CreditPack {
  id: string;
  credits: number;
  prices: Prices;
}

/** Bought credits never expire. */
export const CREDIT_PACKS: readonly CreditPack[] = [
  { id: 'credits-20', credits: 20, prices: { usd: 299, eur: 299, jpy: 450 } },
  { id: 'credits-100', credits: 100, prices: { usd: 999, eur: 999, jpy: 1500 } },
  { id: 'credits-500', credits: 500, prices: { usd: 3999, eur: 3999, jpy: 6000 } },
];

export const planById = (id: string): Plan | undefined => PLANS.find((p) => p.id === id);
export const packById = (id: string): CreditPack | undefined => CREDIT_PACKS.find((p) => p.id === id);

/** Credits of the collect-guide gift (SPEC §4 gift dialog), granted once per account. */
export const COLLECT_GIFT_CREDITS = 5;
