/** /order: the purchase just made (after the provider's return link) and the order history. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../account/AccountContext';
import { PurchaseStatus } from '../../account/PurchaseStatus';
import type { OrderView } from '../../api/accountTypes';
import { formatPrice } from '../../account/prices';
import { accountApi } from '../../api/accountApi';
import { LocalLink } from '../../components/LocalLink';
import { workPage } from '../../tools/resumeResult';
import { Link } from 'react-router-dom';

export function OrderPage() {
  const { t, i18n } = useTranslation();
  const account = useAccount();
  const [orders, setOrders] = useState<OrderView[] | null>(null);
  const signedIn = account.loginState === 'success';
  const [returnTo] = useState(workPage);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a purchase that changes state (paid, cancelled) lists the orders again
  useEffect(() => {
    if (signedIn)
      accountApi.orders().then(
        (r) => setOrders(r.orders),
        () => setOrders([]),
      );
  }, [signedIn, account.purchaseState]);
  return (
    <section className="container page-narrow" data-testid="page.order">
      <h1 className="page-title">{t('account.ordersTitle')}</h1>
      <PurchaseStatus />
      {/* After a purchase, straight back to the tool and the photo this tab was working on (issue 29). */}
      {returnTo && account.purchaseState === 'success' && (
        <p>
          <Link to={returnTo} className="button button--primary" data-testid="purchase.return">
            {t('account.backToWork')}
          </Link>
        </p>
      )}
      {account.balance && (
        <p className="lead" data-testid="order.balance">
          {t('account.balanceLine', { n: account.balance.total })}
        </p>
      )}
      {!signedIn ? (
        <div className="account-signin-first">
          <p className="muted">{t('account.ordersSignInFirst')}</p>
          <p>
            <LocalLink to="/log-in" className="button button--primary">
              {t('account.signInLink')}
            </LocalLink>
          </p>
        </div>
      ) : orders && orders.length === 0 ? (
        <p className="muted">{t('account.noOrders')}</p>
      ) : (
        <table className="account-table" data-testid="order.list">
          <thead>
            <tr>
              <th>{t('account.date')}</th>
              <th>{t('account.product')}</th>
              <th>{t('account.amount')}</th>
              <th>{t('account.statusLabel')}</th>
            </tr>
          </thead>
          <tbody>
            {(orders ?? []).map((o) => (
              <tr key={o.id} data-testid="order.row">
                <td>{new Date(o.createdAt).toLocaleDateString(i18n.language)}</td>
                <td>
                  {o.productKind === 'Credits' ? t('account.creditsCount', { count: Number(o.productId.split('-')[1]) }) : t(`account.plans.${o.productId}`)}
                </td>
                <td>{formatPrice(o.amount, o.currency as 'usd', i18n.language)}</td>
                <td>
                  {t(`account.orderStatus.${o.status}`)} <span className="muted">{o.id}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
