/** The purchase machine's outcome, as a notice (success, fail, cancel, repeat) or a busy line. */
import { useTranslation } from 'react-i18next';
import { useAccount } from './AccountContext';

export function PurchaseStatus() {
  const { t } = useTranslation();
  const { purchaseState, resetPurchase } = useAccount();
  if (purchaseState === 'none') return null;
  const tone = purchaseState === 'success' ? 'success' : purchaseState === 'purchasing' ? 'info' : 'error';
  return (
    <div className={`account-notice account-notice--${tone}`} role="status" data-testid={`purchase.${purchaseState}`}>
      <span>{t(`account.purchase.${purchaseState}`)}</span>
      {purchaseState !== 'purchasing' && (
        <button type="button" className="button button--ghost" onClick={resetPurchase}>
          {t('account.close')}
        </button>
      )}
    </div>
  );
}
