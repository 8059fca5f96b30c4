/** /pricing: the plans and credit packs of SPEC §3, priced in the chosen currency. */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CREDIT_PACKS, PLANS, PlanPeriod, type Plan } from '../../../engine/spec/commerce';
import { useAccount } from '../../account/AccountContext';
import { PurchaseStatus } from '../../account/PurchaseStatus';
import { CURRENCIES, formatPrice, useCurrency } from '../../account/prices';
import { formatCountdown, usePromotion } from '../../account/usePromotion';
import { discountedPrice } from '../../../engine/spec/promotion';
import { useBilling } from '../../account/billingMode';

export function PricingPage() {
  const { t, i18n } = useTranslation();
  const account = useAccount();
  const [currency, setCurrency] = useCurrency();
  const busy = account.purchaseState === 'purchasing';
  const promotion = usePromotion(Boolean(account.account));
  const price = (amount: number) => formatPrice(amount, currency, i18n.language);
  if (!useBilling()) {
    // Personal mode (issue 27): nothing is sold here.
    return (
      <section className="container account-pricing" data-testid="page.pricing">
        <h1 className="page-title">{t('pages.pricing.title')}</h1>
        <p className="lead" data-testid="pricing.personal">
          {t('apiKeys.free')}
        </p>
      </section>
    );
  }
  return (
    <section className="container account-pricing" data-testid="page.pricing">
      <h1 className="page-title">{t('pages.pricing.title')}</h1>
      <p className="lead">{t('pages.pricing.description')}</p>
      <label className="account-currency">
        {t('account.currency')}{' '}
        <select className="select" value={currency} onChange={(e) => setCurrency(e.target.value as typeof currency)} data-testid="pricing.currency">
          {CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {c.toUpperCase()}
            </option>
          ))}
        </select>
      </label>
      <PurchaseStatus />
      {promotion && (
        <p className="card account-promotion" role="status" data-testid="promotion.banner">
          <strong>{t('account.promotion.title', { percent: promotion.offer.percentOff })}</strong>{' '}
          <span data-testid="promotion.countdown">{t('account.promotion.endsIn', { time: formatCountdown(promotion.remainingMs) })}</span>
        </p>
      )}
      <h2>{t('account.plansTitle')}</h2>
      <p className="muted">{t('account.noRollover')}</p>
      <ul className="account-grid">
        {PLANS.map((plan) => (
          <li key={plan.id} className="card account-plan" data-testid={`plan.${plan.id}`}>
            <h3>{t(`account.plans.${plan.id}`)}</h3>
            {promotion && plan.id !== 'free' ? (
              <p className="account-plan__price" data-testid={`plan.price.${plan.id}`}>
                {price(discountedPrice(plan.prices[currency], promotion.offer.percentOff))}{' '}
                <s className="muted small">{t('account.promotion.was', { price: price(plan.prices[currency]) })}</s>
              </p>
            ) : (
              <p className="account-plan__price" data-testid={`plan.price.${plan.id}`}>
                {price(plan.prices[currency])}
              </p>
            )}
            <p className="muted">{planSummary(plan, t)}</p>
            {plan.id !== 'free' && (
              <button
                type="button"
                className="button button--primary"
                disabled={busy}
                onClick={() => account.buy(plan.id, currency)}
                data-testid={`plan.buy.${plan.id}`}
              >
                {t('account.buy')}
              </button>
            )}
          </li>
        ))}
      </ul>
      <h2>{t('account.packsTitle')}</h2>
      <p className="muted">{t('account.neverExpire')}</p>
      <ul className="account-grid">
        {CREDIT_PACKS.map((pack) => (
          <li key={pack.id} className="card account-plan" data-testid={`pack.${pack.id}`}>
            <h3>{t('account.creditsCount', { count: pack.credits })}</h3>
            <p className="account-plan__price">{formatPrice(pack.prices[currency], currency, i18n.language)}</p>
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => account.buy(pack.id, currency)}
              data-testid={`pack.buy.${pack.id}`}
            >
              {t('account.buy')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What a plan's card promises: its credits per period, unlimited credits, PRO for life, or the free daily allowance. */
function planSummary(plan: Plan, t: TFunction): string {
  if (plan.creditsPerPeriod === null) return t('account.unlimited');
  if (plan.creditsPerPeriod > 0) return t('account.creditsPerPeriod', { count: plan.creditsPerPeriod });
  // The Free card says what it gives (issue 29), not only that credits come daily.
  return plan.period === PlanPeriod.LIFETIME ? t('account.lifetimeNote') : t('account.freePlanNote');
}
