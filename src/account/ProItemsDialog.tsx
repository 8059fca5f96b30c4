/** Export of a design with pro items and no subscription: which items are pro, remove them or see the plans. */
import { useTranslation } from 'react-i18next';
import type { ProItem } from '../../engine/doc/proItems';
import { ModalDialog } from './ModalDialog';

export function ProItemsDialog({ items, lang, onRemove, onClose }: { items: ProItem[] | null; lang: string; onRemove(): void; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <ModalDialog open={items !== null} title={t('account.pro.title')} onClose={onClose} testId="pro.dialog">
      <p className="muted">{t('account.pro.body')}</p>
      <ul data-testid="pro.items">
        {(items ?? []).map((item, i) => (
          <li key={`${item.layerId}-${i}`}>
            {t(`account.pro.kind.${item.kind}`)}
            {item.name ? `: ${item.name}` : ''}
          </li>
        ))}
      </ul>
      <div className="button-row">
        {(items ?? []).some((i) => i.layerId) && (
          <button type="button" className="button button--primary" onClick={onRemove} data-testid="pro.remove">
            {t('account.pro.remove')}
          </button>
        )}
        {/* A new tab keeps the open design as it is. */}
        <a className="button button--secondary" href={`/${lang}/pricing`} target="_blank" rel="noopener" data-testid="pro.subscribe">
          {t('account.pro.subscribe')}
        </a>
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('account.close')}
        </button>
      </div>
    </ModalDialog>
  );
}
