/** /account: profile, plan and balance (service mode only), API keys, cancel the subscription, sign out (here or everywhere), delete the account. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../account/AccountContext';
import type { SubscriptionView } from '../../api/accountTypes';
import { accountApi } from '../../api/accountApi';
import { LocalLink } from '../../components/LocalLink';
import { saveBlob } from '../../tools/exportImage';
import { useBilling } from '../../account/billingMode';
import { ApiKeysCard } from './ApiKeysCard';

export function AccountPage() {
  const { t, i18n } = useTranslation();
  const account = useAccount();
  const billing = useBilling();
  const [subscription, setSubscription] = useState<SubscriptionView | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const signedIn = account.loginState === 'success';
  useEffect(() => {
    if (signedIn)
      accountApi.info().then(
        (info) => setSubscription(info.subscription),
        () => undefined,
      );
  }, [signedIn]);
  if (!signedIn || !account.account) {
    return (
      <section className="container page-narrow" data-testid="page.account">
        <h1 className="page-title">{t('pages.account.title')}</h1>
        <p className="lead">{t('account.signInFirst')}</p>
        <LocalLink to="/log-in" className="button button--primary">
          {t('account.signInLink')}
        </LocalLink>
      </section>
    );
  }
  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(i18n.language) : '');
  const b = account.balance;
  return (
    <section className="container page-narrow" data-testid="page.account">
      <h1 className="page-title">{t('pages.account.title')}</h1>
      <div className="card account-card">
        <h2>{t('account.profile')}</h2>
        <p data-testid="account.email">{account.account.email}</p>
      </div>
      {billing && (
        <div className="card account-card">
          <h2>{t('account.planTitle')}</h2>
          {subscription ? (
            <>
              <p data-testid="account.plan">
                {t(`account.plans.${subscription.planId}`)} · {t(`account.subStatus.${subscription.status}`)}
              </p>
              {subscription.currentPeriodEnd && (
                <p className="muted">
                  {t(subscription.status === 'Active' ? 'account.renewsOn' : 'account.endsOn', { date: date(subscription.currentPeriodEnd) })}
                </p>
              )}
              {subscription.status === 'Active' && (
                <button
                  type="button"
                  className="button button--secondary"
                  data-testid="account.cancelPlan"
                  onClick={() =>
                    accountApi.cancelSubscription().then(
                      (r) => setSubscription(r.subscription),
                      () => undefined,
                    )
                  }
                >
                  {t('account.cancelSubscription')}
                </button>
              )}
            </>
          ) : (
            <p data-testid="account.plan">{t('account.plans.free')}</p>
          )}
          <LocalLink to="/pricing" className="button button--ghost">
            {t('account.seePlans')}
          </LocalLink>
        </div>
      )}
      {billing && b && (
        <div className="card account-card" data-testid="account.balance">
          <h2>{t('account.balanceTitle')}</h2>
          <p className="lead">{b.unlimited ? t('account.unlimited') : t('account.balanceLine', { n: b.total })}</p>
          <ul className="muted">
            <li>{t('account.freeToday', { n: b.free })}</li>
            <li>{t('account.planCredits', { n: b.plan })}</li>
            <li>{t('account.paidCredits', { n: b.paid })}</li>
          </ul>
          <LocalLink to="/order" className="button button--ghost">
            {t('account.ordersTitle')}
          </LocalLink>
        </div>
      )}
      <ApiKeysCard />
      <div className="card account-card">
        <div className="button-row">
          <button type="button" className="button button--secondary" onClick={account.signOut} data-testid="account.signOut">
            {t('account.signOut')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => accountApi.signOutEverywhere().finally(account.signOut)}
            data-testid="account.signOutAll"
          >
            {t('account.signOutEverywhere')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            data-testid="account.export"
            onClick={() =>
              accountApi.exportData().then(
                (data) => saveBlob(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), 'lumacut-account.json'),
                () => undefined,
              )
            }
          >
            {t('account.exportData')}
          </button>
        </div>
        {!confirmDelete ? (
          <button type="button" className="button button--ghost account-danger" onClick={() => setConfirmDelete(true)}>
            {t('account.deleteAccount')}
          </button>
        ) : (
          <p>
            {t('account.deleteConfirm')}{' '}
            <button
              type="button"
              className="button button--primary account-danger"
              data-testid="account.deleteConfirm"
              onClick={() => accountApi.deleteAccount().finally(account.signOut)}
            >
              {t('account.deleteAccount')}
            </button>
          </p>
        )}
      </div>
    </section>
  );
}
