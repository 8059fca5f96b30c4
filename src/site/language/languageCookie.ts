/**
 * The language cookies of SPEC §3: `lan` holds the visitor's language; `redirectLan` is the
 * fallback read when `lan` is missing. A path without a language prefix goes to the remembered
 * language, else English. Both are essential (they only keep the site in your language).
 */
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../engine/spec/locales';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS, LANGUAGE_NAME_KEY, REDIRECT_LANGUAGE_COOKIE } from '../../../engine/spec/storageKeys';

/** The value of one cookie in a `document.cookie` string. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * The remembered language: `lan`, then the redirect-language cookie, then English.
 * @example preferredLanguage('lan=de; x=1') // 'de'
 */
export function preferredLanguage(cookies: string): Language {
  for (const name of [LANGUAGE_COOKIE, REDIRECT_LANGUAGE_COOKIE]) {
    const value = readCookie(cookies, name)?.toLowerCase();
    if (isLanguage(value)) return value;
  }
  return DEFAULT_LANGUAGE;
}

/** The two `Set-Cookie`-style strings that remember `lang` for a year on the whole site. */
export function languageCookieStrings(lang: Language, secure: boolean): string[] {
  const tail = `; path=/; max-age=${LANGUAGE_COOKIE_DAYS * 86400}; SameSite=Lax${secure ? '; Secure' : ''}`;
  return [`${LANGUAGE_COOKIE}=${lang}${tail}`, `${REDIRECT_LANGUAGE_COOKIE}=${lang}${tail}`];
}

/** Remembers the language the visitor is reading in (cookies and the SPEC §3 language-name key). */
export function rememberLanguage(lang: Language): void {
  if (typeof document === 'undefined') return;
  if (readCookie(document.cookie, LANGUAGE_COOKIE) !== lang) {
    for (const cookie of languageCookieStrings(lang, location.protocol === 'https:')) document.cookie = cookie;
  }
  try {
    localStorage.setItem(LANGUAGE_NAME_KEY, lang);
  } catch {
    // Storage off: the cookie is enough.
  }
}
