/**
 * The sales promotion (SPEC §3 keeps its "first-show time" and "server time" on the device): a
 * signed-in account that has never bought a plan is offered a discount on its first plan for a
 * window that starts the first time the offer is shown. The server decides and enforces it (the
 * checkout price); the client only shows it, counting down against the server's clock.
 */

export const SALES_PROMOTION = {
  id: 'first-plan-20',
  /** Off every plan's price (the discounted price stays as the plan renews). */
  percentOff: 20,
  /** How long the offer lasts after it is first shown. */
  windowHours: 48,
} as const;

/** The offer as the server states it. */
export interface PromotionOffer {
  promotionId: string;
  percentOff: number;
  /** When the offer was first shown to this account, and when it ends (ms since epoch, server clock). */
  firstShownAt: number;
  endsAt: number;
  /** The server's clock when it answered, so a device with a wrong clock still counts down right. */
  serverNow: number;
}

/** When an offer first shown at `firstShownAt` ends. */
export const promotionEndsAt = (firstShownAt: number): number => firstShownAt + SALES_PROMOTION.windowHours * 3_600_000;

/** Whether the offer is still running at `serverNow`. */
export const promotionActive = (offer: Pick<PromotionOffer, 'endsAt'>, serverNow: number): boolean => serverNow < offer.endsAt;

/**
 * A price with the promotion taken off, in the currency's smallest unit (cents, yen), rounded to
 * a whole unit as a payment provider charges it.
 */
export const discountedPrice = (amount: number, percentOff: number): number => Math.round((amount * (100 - percentOff)) / 100);

/**
 * Milliseconds left on the offer at the device's `deviceNow`, measured on the server's clock: the
 * gap between the two clocks when the offer was fetched (`offer.serverNow` against `fetchedAtDevice`)
 * is carried forward, so changing the device's clock neither extends nor ends the offer.
 */
export function promotionRemainingMs(offer: PromotionOffer, fetchedAtDevice: number, deviceNow: number): number {
  const serverNow = offer.serverNow + (deviceNow - fetchedAtDevice);
  return Math.max(0, offer.endsAt - serverNow);
}
