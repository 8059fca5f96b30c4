/**
 * Pure URL rules for the language prefix (SPEC §2): every page lives under
 * `/:lang/...`, where `lang` is one of the 14 codes in lower case.
 * Kept free of React so the router, the language switcher and the tests share it.
 */
import { DEFAULT_LANGUAGE, looksLikeLocale, resolveLocale, type Language } from '../spec/locales';

export interface LocaleSplit {
  /** The language the page renders in. */
  lang: Language;
  /** The path after the prefix, always starting with `/` (`/` for home). */
  rest: string;
  /** The canonical pathname; when it differs from the input the app redirects to it. */
  canonical: string;
}

/** Collapses repeated slashes and drops a trailing slash, so `/en//tools/` and `/en/tools` are one page. */
function normalize(pathname: string): string {
  const collapsed = ('/' + pathname).replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/$/, '') : collapsed;
}

/**
 * Splits a pathname into its language and the rest.
 * - `/de/tools` → de, `/tools`
 * - `/tools` (no prefix) → en, and the canonical path gets `/en`
 * - `/ZH-TW/x` (known code, other casing) → zh-tw
 * - `/xx/x`, `/fr-CA/x` (locale-shaped but not one of the 14) → en, the segment is dropped
 */
export function splitLocalePath(pathname: string): LocaleSplit {
  const path = normalize(pathname);
  const [, first = '', ...others] = path.split('/');
  let lang: Language = DEFAULT_LANGUAGE;
  let rest = path;
  if (first && looksLikeLocale(first)) {
    lang = resolveLocale(first);
    rest = '/' + others.join('/');
  }
  return { lang, rest, canonical: localizePath(lang, rest) };
}

/**
 * Puts a language prefix on an app path. The path may carry a query or hash
 * (`/create/edit?pid=1`); home becomes `/{lang}` without a trailing slash.
 */
export function localizePath(lang: Language, path: string): string {
  const cut = path.search(/[?#]/);
  const pathname = cut === -1 ? path : path.slice(0, cut);
  const suffix = cut === -1 ? '' : path.slice(cut);
  const clean = normalize(pathname);
  return (clean === '/' ? `/${lang}` : `/${lang}${clean}`) + suffix;
}

/** The same page in another language: keeps the path, swaps the prefix. */
export function switchLanguagePath(pathname: string, lang: Language): string {
  return localizePath(lang, splitLocalePath(pathname).rest);
}
