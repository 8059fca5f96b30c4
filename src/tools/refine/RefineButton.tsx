/** The "Refine" button under a cut-out result: opens the refine panel. */
import { useTranslation } from 'react-i18next';

export function RefineButton({ onClick, refined }: { onClick(): void; refined: boolean }) {
  const { t } = useTranslation();
  return (
    <p className="center refine-open">
      <button type="button" className="button button--secondary" onClick={onClick} data-testid="refine.open">
        {refined ? t('refine.openAgain') : t('refine.open')}
      </button>
      <span className="muted small"> {t('refine.openHint')}</span>
    </p>
  );
}
