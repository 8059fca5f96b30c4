/** "Get the mobile app": the SPEC §1 rule (new tab, App Store on iOS, Play Store with the language elsewhere). */
import { useTranslation } from 'react-i18next';
import { useLang } from '../hooks/useLang';
import { appLinkFor, configuredStoreUrls } from './mobileAppLink';

export function AppLink() {
  const { t } = useTranslation();
  const lang = useLang();
  const urls = configuredStoreUrls();
  if (!urls) return null;
  const href = appLinkFor(urls, navigator.userAgent, navigator.maxTouchPoints ?? 0, lang);
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="site-footer__app" data-testid="footer.app">
      {t('site.nav.getApp')}
    </a>
  );
}
