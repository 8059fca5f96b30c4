import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import type { Language } from '../../engine/spec/locales';
import { localizePath, splitLocalePath } from '../../engine/site/localePath';

/** The language of the current URL (LocaleGate has already made it canonical). */
export function useLang(): Language {
  return splitLocalePath(useLocation().pathname).lang;
}

/** Returns a function that puts the current language prefix on an app path. */
export function useLocalize(): (path: string) => string {
  const lang = useLang();
  return useCallback((path: string) => localizePath(lang, path), [lang]);
}
