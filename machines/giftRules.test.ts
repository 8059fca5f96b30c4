import { describe, expect, it } from 'vitest';
import { GIFT_MARKER_GIFTED, collectGiftDecision } from './giftRules';

describe('collect-guide gift dialog (SPEC §4)', () => {
  it('shows only when logged in, not yet marked, and gifts not yet sent', () => {
    expect(collectGiftDecision({ loggedIn: true, marker: null, hasSentCollectionGifts: false })).toBe('show');
    expect(collectGiftDecision({ loggedIn: false, marker: null, hasSentCollectionGifts: false })).toBe('none');
    expect(collectGiftDecision({ loggedIn: true, marker: GIFT_MARKER_GIFTED, hasSentCollectionGifts: false })).toBe('none');
  });
  it('marks GIFTED when the gifts were already sent, and waits while the benefits are unknown', () => {
    expect(collectGiftDecision({ loggedIn: true, marker: null, hasSentCollectionGifts: true })).toBe('markGifted');
    expect(collectGiftDecision({ loggedIn: true, marker: null, hasSentCollectionGifts: null })).toBe('none');
  });
});
