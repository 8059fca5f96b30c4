/**
 * Enforces the language prefix rules (localePath.ts): redirects to the canonical URL when needed
 * (a path without a prefix goes to the remembered `lan` language), otherwise loads and switches
 * i18next and `<html lang>` to the URL's language and remembers it in the language cookies.
 */
import { useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { switchLanguage } from '../i18nCore';
import { rememberLanguage } from '../site/language/languageCookie';
import { loadScriptUiFont } from '../site/language/scriptUiFont';
import { resolveVisit } from './initialLanguage';

export function LocaleGate() {
  const location = useLocation();
  const { lang, canonical } = resolveVisit(location.pathname, typeof document === 'undefined' ? '' : document.cookie);
  const redirect = canonical !== location.pathname;

  useLayoutEffect(() => {
    if (redirect) return;
    void switchLanguage(lang).then(() => {
      document.documentElement.lang = lang;
    });
    rememberLanguage(lang);
    loadScriptUiFont(lang);
  }, [lang, redirect]);

  if (redirect) return <Navigate to={canonical + location.search + location.hash} replace />;
  return <Outlet />;
}
