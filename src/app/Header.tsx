/**
 * Site header: Tools menu, Create (the design editor), My projects, Pricing, Help, the language
 * switcher and the sign-in slot. From 768 px up the nav is inline; below it collapses behind a
 * menu button (SPEC §9 mobile breakpoint) so a 390 px phone never scrolls sideways.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { HeaderAccount } from '../account/HeaderAccount';
import { useBilling } from '../account/billingMode';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { LocalNavLink } from '../components/LocalLink';
import { Logo } from '../components/Logo';
import { ToolsMenu } from '../components/ToolsMenu';

const NAV_ITEMS = [
  { path: '/create', key: 'site.nav.create', testId: 'nav.create' },
  { path: '/project', key: 'site.nav.myProjects', testId: 'nav.projects' },
  { path: '/pricing', key: 'nav.pricing', testId: 'nav.pricing', billingOnly: true },
  { path: '/help', key: 'nav.help', testId: 'nav.help' },
] as const;

export function Header() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const billing = useBilling();

  // Close the mobile menu after navigating.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation (new pathname) closes the menu
  useEffect(() => setOpen(false), [pathname]);

  return (
    <header className={`site-header${open ? ' is-open' : ''}`}>
      <div className="site-header__inner container">
        <Logo />
        <button
          type="button"
          className="menu-button"
          aria-expanded={open}
          aria-controls="site-nav"
          data-testid="nav.menu"
          onClick={() => setOpen((value) => !value)}
        >
          <span className="visually-hidden">{t(open ? 'nav.closeMenu' : 'nav.openMenu')}</span>
          <span className="menu-button__bars" aria-hidden="true" />
        </button>
        <nav id="site-nav" className="site-nav" aria-label={t('nav.mainLabel')}>
          <ul className="site-nav__list">
            <li>
              <ToolsMenu />
            </li>
            {NAV_ITEMS.filter((item) => billing || !('billingOnly' in item)).map((item) => (
              <li key={item.path}>
                <LocalNavLink to={item.path} end={item.path !== '/create'} className="site-nav__link" data-testid={item.testId}>
                  {t(item.key)}
                </LocalNavLink>
              </li>
            ))}
          </ul>
          <LanguageSwitcher />
          <HeaderAccount />
        </nav>
      </div>
    </header>
  );
}
