/**
 * Enforces the language prefix rules (localePath.ts): redirects to the
 * canonical URL when needed, otherwise switches i18next and `<html lang>` to
 * the URL's language before the page paints.
 */
import { useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { splitLocalePath } from './localePath';

export function LocaleGate() {
  const location = useLocation();
  const { i18n } = useTranslation();
  const { lang, canonical } = splitLocalePath(location.pathname);
  const redirect = canonical !== location.pathname;

  useLayoutEffect(() => {
    if (redirect) return;
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
    document.documentElement.lang = lang;
  }, [i18n, lang, redirect]);

  if (redirect) return <Navigate to={canonical + location.search + location.hash} replace />;
  return <Outlet />;
}
