/** The frame of every page: header, main content, footer, toasts, and the document title. */
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AccountProvider } from '../account/AccountProvider';
import { Header } from './Header';
import { Footer } from './Footer';
import { OfflineNotice } from '../components/OfflineNotice';
import { ToastProvider } from '../components/ToastProvider';
import { usePageView } from '../site/analytics/usePageView';
import { CookieBanner } from '../site/consent/CookieBanner';
import { EDITOR_PAGE, routeOf } from '../../engine/site/routes';
import type { RouteHandle } from './router';

/** The table entry of the matched page; unknown paths count as the 404 page. */
function useCurrentRoute() {
  const matches = useMatches();
  const handle = matches.map((match) => match.handle as RouteHandle | undefined).find((h) => h?.route);
  return handle?.route ?? routeOf('/404');
}

export function AppLayout() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  usePageView();

  useEffect(() => {
    const brand = t('common.brand');
    document.title = route.path === '/' ? `${brand} – ${t('home.heroTitle')}` : `${t(route.titleKey)} – ${brand}`;
  }, [route, t]);

  return (
    <ToastProvider>
      <AccountProvider>
        <a className="skip-link" href="#main">
          {t('common.skipToContent')}
        </a>
        {/* In the page flow, above the header: it never covers a control. The editor, which fills the
          window, does not show it; until the visitor answers, only essential storage is used. */}
        {route.page !== EDITOR_PAGE && <CookieBanner />}
        <Header />
        <OfflineNotice />
        <main id="main" className="main" tabIndex={-1}>
          <Outlet />
        </main>
        <Footer />
        <ScrollRestoration />
      </AccountProvider>
    </ToastProvider>
  );
}
