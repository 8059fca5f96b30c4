/**
 * /privacy-policy, /term-of-use and /cookies-policy: sections from locales/sections/legal. The
 * cookies policy adds the table of every storage key, built from engine/spec/storageKeys.ts so it
 * always matches what the app stores.
 */
import { useTranslation } from 'react-i18next';
import { DEFAULT_RETENTION_HOURS } from '../../../engine/spec/limits';
import { POLICY_SECTIONS, POLICY_TITLE_KEYS, POLICY_UPDATED, type Policy } from './policies';
import { StorageTable } from './StorageTable';

export function PolicyPage({ policy }: { policy: Policy }) {
  const { t, i18n } = useTranslation();
  const updated = new Date(POLICY_UPDATED).toLocaleDateString(i18n.language, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return (
    <article className="container page-narrow site-page policy" data-testid={`page.policy.${policy}`}>
      <header className="page-header">
        <h1 className="page-title">{t(POLICY_TITLE_KEYS[policy])}</h1>
        <p className="muted">{t('legal.updated', { date: updated })}</p>
      </header>
      {POLICY_SECTIONS[policy].map((id) => (
        <section key={id} className="prose-section" aria-labelledby={`policy-${id}`}>
          <h2 id={`policy-${id}`}>{t(`legal.${policy}.${id}.h`)}</h2>
          <p>{t(`legal.${policy}.${id}.b`, { hours: DEFAULT_RETENTION_HOURS })}</p>
          {policy === 'cookies' && id === 'table' && <StorageTable />}
        </section>
      ))}
    </article>
  );
}
