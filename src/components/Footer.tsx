import { useTranslation } from 'react-i18next';
import { LocalLink } from './LocalLink';

const FOOTER_LINKS = [
  { path: '/about', key: 'nav.about' },
  { path: '/privacy-policy', key: 'nav.privacyPolicy' },
  { path: '/term-of-use', key: 'nav.termsOfUse' },
  { path: '/cookies-policy', key: 'nav.cookiesPolicy' },
] as const;

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <nav aria-label={t('nav.footerLabel')}>
          <ul className="site-footer__links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.path}><LocalLink to={link.path}>{t(link.key)}</LocalLink></li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__note">{t('nav.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
