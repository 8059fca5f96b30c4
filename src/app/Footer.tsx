/** Site footer: every content and policy page, cookie settings, and the mobile-app link when configured. */
import { useTranslation } from 'react-i18next';
import { resetConsent } from '../site/consent/consent';
import { AppLink } from '../site/AppLink';
import { LocalLink } from '../components/LocalLink';
import { useBilling } from '../account/billingMode';

const PRODUCT_LINKS = [
  { path: '/tools', key: 'nav.tools' },
  { path: '/create', key: 'site.nav.create' },
  { path: '/template', key: 'site.nav.templates' },
  { path: '/pricing', key: 'nav.pricing' },
] as const;
/** Personal mode (issue 27): no price page in the links. */
const PERSONAL_PRODUCT_LINKS = PRODUCT_LINKS.filter((link) => link.path !== '/pricing');

const COMPANY_LINKS = [
  { path: '/about', key: 'nav.about' },
  { path: '/blog', key: 'site.nav.blog' },
  { path: '/help', key: 'nav.help' },
] as const;

const LEGAL_LINKS = [
  { path: '/privacy-policy', key: 'nav.privacyPolicy' },
  { path: '/term-of-use', key: 'nav.termsOfUse' },
  { path: '/cookies-policy', key: 'nav.cookiesPolicy' },
] as const;

function LinkColumn({ title, links }: { title: string; links: ReadonlyArray<{ path: string; key: string }> }) {
  const { t } = useTranslation();
  return (
    <div className="site-footer__column">
      <p className="site-footer__heading">{title}</p>
      <ul className="site-footer__links">
        {links.map((link) => (
          <li key={link.path}>
            <LocalLink to={link.path}>{t(link.key)}</LocalLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer() {
  const { t } = useTranslation();
  const billing = useBilling();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <nav aria-label={t('nav.footerLabel')} className="site-footer__nav">
          <LinkColumn title={t('site.nav.footerProduct')} links={billing ? PRODUCT_LINKS : PERSONAL_PRODUCT_LINKS} />
          <LinkColumn title={t('site.nav.footerCompany')} links={COMPANY_LINKS} />
          <div className="site-footer__column">
            <p className="site-footer__heading">{t('site.nav.footerLegal')}</p>
            <ul className="site-footer__links">
              {LEGAL_LINKS.map((link) => (
                <li key={link.path}>
                  <LocalLink to={link.path}>{t(link.key)}</LocalLink>
                </li>
              ))}
              <li>
                <button type="button" className="link-button" data-testid="cookie.settings" onClick={resetConsent}>
                  {t('site.nav.cookieSettings')}
                </button>
              </li>
            </ul>
          </div>
        </nav>
        <div className="site-footer__bottom">
          <p className="site-footer__note">{t('nav.copyright', { year: new Date().getFullYear() })}</p>
          <AppLink />
        </div>
      </div>
    </footer>
  );
}
