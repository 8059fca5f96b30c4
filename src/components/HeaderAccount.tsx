/**
 * The header's sign-in / account control. Its own file so the accounts work (issue 12) can
 * replace it without touching the rest of the header; until then it links to /log-in.
 */
import { useTranslation } from 'react-i18next';
import { LocalLink } from './LocalLink';

export function HeaderAccount() {
  const { t } = useTranslation();
  return (
    <LocalLink to="/log-in" className="button button--secondary site-nav__account" data-testid="nav.account">
      {t('site.nav.signIn')}
    </LocalLink>
  );
}
