/** Which language a request shows: the URL prefix wins; without one, the remembered language (SPEC §3 `lan`). */
import type { Language } from '../../engine/spec/locales';
import { looksLikeLocale } from '../../engine/spec/locales';
import { preferredLanguage } from '../site/language/languageCookie';
import { splitLocalePath } from '../../engine/site/localePath';

/** True when the first path segment is locale-shaped (a known code or not). */
export function hasLocalePrefix(pathname: string): boolean {
  const first = pathname.split('/').find((segment) => segment !== '') ?? '';
  return looksLikeLocale(first);
}

/**
 * The language and canonical path of a visit.
 * @example resolveVisit('/tools', 'lan=de') // { lang: 'de', canonical: '/de/tools' }
 */
export function resolveVisit(pathname: string, cookies: string): { lang: Language; canonical: string } {
  const split = splitLocalePath(pathname);
  if (hasLocalePrefix(pathname)) return { lang: split.lang, canonical: split.canonical };
  const lang = preferredLanguage(cookies);
  const canonical = split.canonical.replace(/^\/en(?=\/|$)/, `/${lang}`);
  return { lang, canonical };
}

/** The language to load before the first render. */
export function initialLanguage(pathname: string, cookies: string): Language {
  return resolveVisit(pathname, cookies).lang;
}
