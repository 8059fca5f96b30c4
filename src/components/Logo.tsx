import { useTranslation } from 'react-i18next';
import { LocalLink } from './LocalLink';

/** The "Lumacut" word mark with a small cut-corner badge; links home. */
export function Logo() {
  const { t } = useTranslation();
  return (
    <LocalLink to="/" className="logo" aria-label={t('nav.home')}>
      <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="9" />
        <path d="M9 23 23 9M13 9h10v10" />
      </svg>
      <span className="logo__text">{t('common.brand')}</span>
    </LocalLink>
  );
}
