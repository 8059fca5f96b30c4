/** Language picker: keeps the current page, query and hash, swaps the prefix. */
import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES, isLanguage } from '../../engine/spec/locales';
import { switchLanguagePath } from '../../engine/site/localePath';
import { useLang } from '../hooks/useLang';

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const lang = useLang();
  const location = useLocation();
  const navigate = useNavigate();
  const id = useId();

  return (
    <div className="lang-switcher">
      <label htmlFor={id} className="visually-hidden">
        {t('common.language')}
      </label>
      <svg className="lang-switcher__icon" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
      </svg>
      <select
        id={id}
        data-testid="lang.switcher"
        value={lang}
        onChange={(event) => {
          const next = event.target.value;
          if (isLanguage(next)) navigate(switchLanguagePath(location.pathname, next) + location.search + location.hash);
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
