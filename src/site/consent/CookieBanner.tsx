/**
 * The cookie-consent banner: shown until the visitor chooses, the choice is stored (consent.ts)
 * and the analytics sink respects it. "Cookie settings" in the footer brings it back.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalLink } from '../../components/LocalLink';
import { onConsentChange, readConsent, saveConsent, type ConsentChoice } from './consent';

export function CookieBanner() {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<ConsentChoice | null>(() => readConsent());

  useEffect(() => onConsentChange(setChoice), []);
  if (choice) return null;

  return (
    <section className="cookie-banner" role="region" aria-label={t('site.cookies.label')} data-testid="cookie.banner">
      <div className="container cookie-banner__inner">
        <p className="cookie-banner__text">
          {t('site.cookies.text')}{' '}
          <LocalLink to="/cookies-policy" className="text-link">
            {t('site.cookies.more')}
          </LocalLink>
        </p>
        <div className="button-row cookie-banner__actions">
          <button type="button" className="button button--secondary" data-testid="cookie.essential" onClick={() => saveConsent('essential')}>
            {t('site.cookies.essential')}
          </button>
          <button type="button" className="button button--primary" data-testid="cookie.accept" onClick={() => saveConsent('all')}>
            {t('site.cookies.accept')}
          </button>
        </div>
      </div>
    </section>
  );
}
