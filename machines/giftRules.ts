/** Local storage value of the collect-guide gift marker once the gift is handled (SPEC §3/§4). */
export const GIFT_MARKER_GIFTED = 'GIFTED';

export type GiftDecision = 'show' | 'markGifted' | 'none';

/**
 * The collect-guide gift dialog of SPEC §4: it shows only when logged in, not yet marked, and the
 * gifts not yet sent; when they were already sent, the marker is set to GIFTED instead.
 */
export function collectGiftDecision(input: { loggedIn: boolean; marker: string | null; hasSentCollectionGifts: boolean | null }): GiftDecision {
  if (!input.loggedIn || input.marker === GIFT_MARKER_GIFTED || input.hasSentCollectionGifts === null) return 'none';
  return input.hasSentCollectionGifts ? 'markGifted' : 'show';
}
