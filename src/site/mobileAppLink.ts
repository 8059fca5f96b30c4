/**
 * The mobile-app link rule of SPEC §1: it opens in a new tab; iOS devices get the App Store page,
 * every other device the Play Store page with a language parameter from the current locale.
 * The store addresses are the operator's (a self-hosted copy has no app of its own), set at build
 * time with VITE_APP_STORE_URL and VITE_PLAY_STORE_URL; without them the link is not shown.
 */
import type { Language } from '../../engine/spec/locales';

export interface StoreUrls {
  appStore: string;
  playStore: string;
}

/** iPhone, iPad, iPod, and iPadOS that reports itself as a Mac but has a touch screen. */
export function isIosDevice(userAgent: string, maxTouchPoints = 0): boolean {
  return /iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/i.test(userAgent) && maxTouchPoints > 1);
}

/** Play Store wants `hl` in its own form: `zh-tw` → `zh_TW`. */
function playLanguage(lang: Language): string {
  const [base, region] = lang.split('-');
  return region ? `${base}_${region.toUpperCase()}` : base;
}

/**
 * The store page for this device.
 * @example appLinkFor({ appStore: 'https://a', playStore: 'https://p?id=x' }, 'Android', 0, 'zh-tw') // 'https://p?id=x&hl=zh_TW'
 */
export function appLinkFor(urls: StoreUrls, userAgent: string, maxTouchPoints: number, lang: Language): string {
  if (isIosDevice(userAgent, maxTouchPoints)) return urls.appStore;
  const url = new URL(urls.playStore);
  url.searchParams.set('hl', playLanguage(lang));
  return url.toString();
}

/** The configured store addresses, or null when this server has no app. */
export function configuredStoreUrls(): StoreUrls | null {
  const env = import.meta.env as Record<string, string | undefined>;
  const appStore = env.VITE_APP_STORE_URL;
  const playStore = env.VITE_PLAY_STORE_URL;
  return appStore && playStore ? { appStore, playStore } : null;
}
