/** Every cookie and storage key of SPEC §3 with what it holds and how long it stays. */
import { useTranslation } from 'react-i18next';
import { STORAGE_ENTRIES } from '../../../engine/spec/storageKeys';

export function StorageTable() {
  const { t } = useTranslation();
  return (
    <div className="table-scroll">
      <table className="storage-table" data-testid="storage.table">
        <thead>
          <tr>
            <th scope="col">{t('legal.columns.name')}</th>
            <th scope="col">{t('legal.columns.where')}</th>
            <th scope="col">{t('legal.columns.purpose')}</th>
            <th scope="col">{t('legal.columns.meaning')}</th>
            <th scope="col">{t('legal.columns.lifetime')}</th>
          </tr>
        </thead>
        <tbody>
          {STORAGE_ENTRIES.map((entry) => (
            <tr key={`${entry.area}:${entry.name}`}>
              <td data-label={t('legal.columns.name')}>
                <code>{entry.name}</code>
              </td>
              <td data-label={t('legal.columns.where')}>{t(`legal.areas.${entry.area}`)}</td>
              <td data-label={t('legal.columns.purpose')}>{t(`legal.purposes.${entry.purpose}`)}</td>
              <td data-label={t('legal.columns.meaning')}>{t(`legal.storage.${entry.id}`)}</td>
              <td data-label={t('legal.columns.lifetime')}>
                {entry.lifetimeDays !== null
                  ? t('legal.lifetime.days', { count: entry.lifetimeDays })
                  : entry.area === 'sessionStorage'
                    ? t('legal.lifetime.untilTabClosed')
                    : t('legal.lifetime.untilCleared')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
