import { describe, expect, it } from 'vitest';
import { SALES_PROMOTION, discountedPrice, promotionActive, promotionEndsAt, promotionRemainingMs } from './promotion';

describe('sales promotion rules', () => {
  const first = Date.UTC(2026, 10, 24, 12);
  const offer = { promotionId: SALES_PROMOTION.id, percentOff: 20, firstShownAt: first, endsAt: promotionEndsAt(first), serverNow: first + 3_600_000 };

  it('runs for its window from the first show', () => {
    expect(offer.endsAt - first).toBe(48 * 3_600_000);
    expect(promotionActive(offer, offer.endsAt - 1)).toBe(true);
    expect(promotionActive(offer, offer.endsAt)).toBe(false);
  });

  it('takes the percentage off in whole currency units', () => {
    expect(discountedPrice(999, 20)).toBe(799);
    expect(discountedPrice(1500, 20)).toBe(1200);
    expect(discountedPrice(499, 20)).toBe(399);
  });

  it('counts down on the server clock whatever the device clock says', () => {
    // The device is 5 hours behind the server when it fetches the offer.
    const fetchedAt = offer.serverNow - 5 * 3_600_000;
    expect(promotionRemainingMs(offer, fetchedAt, fetchedAt)).toBe(47 * 3_600_000);
    expect(promotionRemainingMs(offer, fetchedAt, fetchedAt + 60_000)).toBe(47 * 3_600_000 - 60_000);
    expect(promotionRemainingMs(offer, fetchedAt, fetchedAt + 100 * 3_600_000)).toBe(0);
  });
});
