/** The collect-guide gift dialog (SPEC §4): once per account, after sign-in, by the rule in machines/giftRules.ts. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GIFT_MARKER_GIFTED, collectGiftDecision } from '../../machines/giftRules';
import { accountApi } from '../api/accountApi';
import { BENEFITS_INFO_KEY, COLLECT_GUIDE_GIFT_KEY } from '../../engine/spec/storageKeys';
import { useAccount } from './AccountContext';
import { ModalDialog } from './ModalDialog';

/** Local storage keys of SPEC §3 (one source, engine/spec/storageKeys.ts): the collect-guide gift marker and the benefits info. */
const GIFT_MARKER_KEY = COLLECT_GUIDE_GIFT_KEY;
const BENEFITS_KEY = BENEFITS_INFO_KEY;

function readMarker(): string | null {
  try {
    return localStorage.getItem(GIFT_MARKER_KEY);
  } catch {
    return GIFT_MARKER_GIFTED; // No storage: never nag.
  }
}

function markGifted(): void {
  try {
    localStorage.setItem(GIFT_MARKER_KEY, GIFT_MARKER_GIFTED);
  } catch {
    // Nothing to remember it in.
  }
}

export function GiftDialog() {
  const { t } = useTranslation();
  const account = useAccount();
  const loggedIn = account.loginState === 'success';
  const [gift, setGift] = useState<number | null>(null);

  useEffect(() => {
    if (!loggedIn || readMarker() === GIFT_MARKER_GIFTED) return;
    accountApi.benefits().then(
      (benefits) => {
        try {
          localStorage.setItem(BENEFITS_KEY, JSON.stringify({ hasSentCollectionGifts: benefits.hasSentCollectionGifts }));
        } catch {
          // Not kept.
        }
        const decision = collectGiftDecision({ loggedIn: true, marker: readMarker(), hasSentCollectionGifts: benefits.hasSentCollectionGifts });
        if (decision === 'markGifted') markGifted();
        if (decision === 'show') setGift(benefits.giftCredits);
      },
      () => undefined,
    );
  }, [loggedIn]);

  const close = () => {
    markGifted();
    setGift(null);
  };
  return (
    <ModalDialog open={gift !== null} title={t('account.gift.title')} onClose={close} testId="gift.dialog">
      <p>{t('account.gift.body', { count: gift ?? 0 })}</p>
      <div className="button-row">
        <button
          type="button"
          className="button button--primary"
          data-testid="gift.collect"
          onClick={() =>
            accountApi
              .collectGift()
              .then(account.refreshBalance, () => undefined)
              .finally(close)
          }
        >
          {t('account.gift.collect')}
        </button>
        <button type="button" className="button button--ghost" onClick={close}>
          {t('account.close')}
        </button>
      </div>
    </ModalDialog>
  );
}
