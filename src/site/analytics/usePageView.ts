/** Sends a page view with the SPEC §2 page-name key and page type on every route change. */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { splitLocalePath } from '../../../engine/site/localePath';
import { onConsentChange } from '../consent/consent';
import { pageNameOf, pageTypeOf } from './pageKeys';
import { track } from './sink';

export function usePageView(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const { lang, rest } = splitLocalePath(pathname);
    const send = () => track({ event: 'page_view', pageName: pageNameOf(rest), pageType: pageTypeOf(rest), path: rest, lang });
    send();
    // Accepting on this page counts this view; declining sends nothing.
    return onConsentChange((choice) => {
      if (choice === 'all') send();
    });
  }, [pathname]);
}
