import { describe, expect, it } from 'vitest';
import { resolveVisit } from '../../app/initialLanguage';
import { languageCookieStrings, preferredLanguage, readCookie } from './languageCookie';
import { appLinkFor, isIosDevice } from '../mobileAppLink';

describe('language cookies (SPEC §3 lan + redirect-language fallback)', () => {
  it('reads lan first, then the redirect-language cookie, then English', () => {
    expect(preferredLanguage('x=1; lan=de; redirectLan=fr')).toBe('de');
    expect(preferredLanguage('redirectLan=zh-tw')).toBe('zh-tw');
    expect(preferredLanguage('lan=klingon; redirectLan=ja')).toBe('ja');
    expect(preferredLanguage('')).toBe('en');
    expect(readCookie('a=1; b=x%20y', 'b')).toBe('x y');
  });

  it('remembers the language for a year on the whole site', () => {
    const [lan, fallback] = languageCookieStrings('ru', true);
    expect(lan).toBe('lan=ru; path=/; max-age=31536000; SameSite=Lax; Secure');
    expect(fallback.startsWith('redirectLan=ru; path=/')).toBe(true);
  });

  it('sends a path without a language prefix to the remembered language; a prefix always wins', () => {
    expect(resolveVisit('/tools', 'lan=de')).toEqual({ lang: 'de', canonical: '/de/tools' });
    expect(resolveVisit('/', 'redirectLan=ja')).toEqual({ lang: 'ja', canonical: '/ja' });
    expect(resolveVisit('/fr/help', 'lan=de')).toEqual({ lang: 'fr', canonical: '/fr/help' });
    expect(resolveVisit('/xx/help', 'lan=de')).toEqual({ lang: 'en', canonical: '/en/help' });
    expect(resolveVisit('/english-page', '')).toEqual({ lang: 'en', canonical: '/en/english-page' });
  });
});

describe('mobile app link (SPEC §1)', () => {
  const urls = { appStore: 'https://apps.example/app/id1', playStore: 'https://play.example/store/apps/details?id=app.x' };
  it('gives iOS devices the App Store page', () => {
    expect(appLinkFor(urls, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', 5, 'de')).toBe(urls.appStore);
    expect(isIosDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5)).toBe(true); // iPadOS
    expect(isIosDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 0)).toBe(false); // a real Mac
  });

  it('gives every other device the Play Store page with the locale as its language', () => {
    expect(appLinkFor(urls, 'Mozilla/5.0 (Linux; Android 14)', 5, 'zh-tw')).toBe('https://play.example/store/apps/details?id=app.x&hl=zh_TW');
    expect(appLinkFor(urls, 'Mozilla/5.0 (Windows NT 10.0)', 0, 'fr')).toBe('https://play.example/store/apps/details?id=app.x&hl=fr');
  });
});
