/** The 1010103 dialog: not enough credits; buy a pack here, or see every plan on the price page. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CREDIT_PACKS } from '../../engine/spec/commerce';
import { LocalLink } from '../components/LocalLink';
import { useAccount } from './AccountContext';
import { ModalDialog } from './ModalDialog';
import { formatPrice, useCurrency } from './prices';

export function CreditsDialog() {
  const { t, i18n } = useTranslation();
  const account = useAccount();
  const [currency] = useCurrency();
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <ModalDialog open={account.creditsDialogOpen} title={t('account.creditsTitle')} onClose={account.closeCreditsDialog} testId="credits.dialog">
      <p className="muted">{t('account.creditsBody')}</p>
      <ul className="account-packs">
        {CREDIT_PACKS.map((pack) => (
          <li key={pack.id}>
            <button
              type="button"
              className="button button--secondary"
              disabled={chosen !== null}
              data-testid={`credits.buy.${pack.id}`}
              onClick={() => {
                setChosen(pack.id);
                account.closeCreditsDialog();
                account.buy(pack.id, currency);
              }}
            >
              {t('account.creditsCount', { count: pack.credits })} · {formatPrice(pack.prices[currency], currency, i18n.language)}
            </button>
          </li>
        ))}
      </ul>
      <div className="button-row">
        <LocalLink to="/pricing" className="button button--ghost" onClick={account.closeCreditsDialog}>
          {t('account.seePlans')}
        </LocalLink>
        <button type="button" className="button button--ghost" onClick={account.closeCreditsDialog} data-testid="credits.close">
          {t('account.close')}
        </button>
      </div>
    </ModalDialog>
  );
}
