/**
 * The sales promotion for the signed-in account (engine/spec/promotion.ts): asked of the server
 * once per page, counted down every second on the server's clock. SPEC §3 keeps the first-show
 * time and the server time on the device; they are written here for the record, never trusted:
 * the server decides the price at checkout.
 */
import { useEffect, useState } from 'react';
import { promotionRemainingMs, type PromotionOffer } from '../../engine/spec/promotion';
import { PROMOTION_FIRST_SHOW_KEY, PROMOTION_SERVER_TIME_KEY } from '../../engine/spec/storageKeys';
import { accountApi } from '../api/accountApi';

export interface RunningPromotion {
  offer: PromotionOffer;
  remainingMs: number;
}

function remember(offer: PromotionOffer): void {
  try {
    localStorage.setItem(PROMOTION_FIRST_SHOW_KEY, String(offer.firstShownAt));
    localStorage.setItem(PROMOTION_SERVER_TIME_KEY, String(offer.serverNow));
  } catch {
    // No storage: the countdown still runs from memory.
  }
}

/** The running offer and the time left on it, or null (signed out, not eligible, over). */
export function usePromotion(signedIn: boolean): RunningPromotion | null {
  const [fetched, setFetched] = useState<{ offer: PromotionOffer; at: number } | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!signedIn) return setFetched(null);
    let live = true;
    accountApi.promotion().then(
      ({ offer }) => {
        if (!live || !offer) return;
        remember(offer);
        setFetched({ offer, at: Date.now() });
      },
      () => undefined,
    ); // No offer when the call fails: prices stay as listed.
    return () => {
      live = false;
    };
  }, [signedIn]);

  useEffect(() => {
    if (!fetched) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [fetched]);

  if (!fetched) return null;
  const remainingMs = promotionRemainingMs(fetched.offer, fetched.at, now);
  return remainingMs > 0 ? { offer: fetched.offer, remainingMs } : null;
}

/** 47:59:58 */
export function formatCountdown(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(seconds / 3600)}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
}
