/** The header's sign-in state: a "Sign in" link, or the account with its credit balance. */
import { useTranslation } from 'react-i18next';
import { LocalLink } from '../components/LocalLink';
import { useAccount } from './AccountContext';
import { useBilling } from './billingMode';

export function HeaderAccount() {
  const { t } = useTranslation();
  const { account, loginState, balance } = useAccount();
  const billing = useBilling();
  if (loginState !== 'success' || !account) {
    return (
      <LocalLink to="/log-in" className="site-nav__link" data-testid="header.signIn">
        {t('account.signInLink')}
      </LocalLink>
    );
  }
  return (
    <LocalLink to="/account" className="site-nav__link header-account" data-testid="header.account" title={account.email ?? undefined}>
      <span className="header-account__email">{account.email}</span>
      {billing && balance && (
        <span className="badge" data-testid="header.balance">
          {balance.unlimited ? '∞' : t('account.creditsCount', { count: balance.total })}
        </span>
      )}
    </LocalLink>
  );
}
