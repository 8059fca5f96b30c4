import { ProductKind } from '../../../engine/spec/commerce';
import { SALES_PROMOTION, discountedPrice, promotionActive, promotionEndsAt, type PromotionOffer } from '../../../engine/spec/promotion';
import type { Queryable } from '../db/database';

/** Schema: when each account was first shown the sales promotion (its window starts there). */
export const PROMOTION_MIGRATION = `
  create table if not exists promotion_offers (
    account_id text not null references accounts (id) on delete cascade,
    promotion_id text not null,
    first_shown_at timestamptz not null default now(),
    primary key (account_id, promotion_id)
  );
`;

/**
 * The sales promotion of engine/spec/promotion.ts, decided on the server: only an account that has
 * never paid for a plan is offered it; its window starts the first time it is shown and is never
 * restarted; the checkout takes the discount off while the window runs.
 */
export class Promotions {
  constructor(private readonly now: () => Date = () => new Date()) {}

  private async eligible(q: Queryable, accountId: string): Promise<boolean> {
    const { rows } = await q.query(`select 1 from purchases where account_id = $1 and product_kind = $2 and status in ('paid', 'refunded') limit 1`, [
      accountId,
      ProductKind.SUBSCRIPTION,
    ]);
    return rows.length === 0;
  }

  /**
   * The account's offer while it runs, or null (not eligible, never shown, or over). `show` records
   * the first show, which starts the window.
   */
  async current(q: Queryable, accountId: string, options: { show: boolean }): Promise<PromotionOffer | null> {
    if (!(await this.eligible(q, accountId))) return null;
    const now = this.now();
    if (options.show) {
      await q.query(`insert into promotion_offers (account_id, promotion_id, first_shown_at) values ($1, $2, $3) on conflict do nothing`, [
        accountId,
        SALES_PROMOTION.id,
        now.toISOString(),
      ]);
    }
    const { rows } = await q.query<{ first_shown_at: Date | string }>(
      'select first_shown_at from promotion_offers where account_id = $1 and promotion_id = $2',
      [accountId, SALES_PROMOTION.id],
    );
    if (!rows[0]) return null;
    const firstShownAt = new Date(rows[0].first_shown_at).getTime();
    const offer: PromotionOffer = {
      promotionId: SALES_PROMOTION.id,
      percentOff: SALES_PROMOTION.percentOff,
      firstShownAt,
      endsAt: promotionEndsAt(firstShownAt),
      serverNow: now.getTime(),
    };
    return promotionActive(offer, offer.serverNow) ? offer : null;
  }

  /** What a plan costs this account now: the promotion taken off while its offer runs. */
  async planPrice(q: Queryable, accountId: string, amount: number): Promise<number> {
    const offer = await this.current(q, accountId, { show: false });
    return offer ? discountedPrice(amount, offer.percentOff) : amount;
  }
}
