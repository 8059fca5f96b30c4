/**
 * i18next setup. All 14 locales are bundled (they are small), so init is
 * synchronous and the first render is already in the URL's language.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../engine/spec/locales';
import { resources } from '../locales';

export function initI18n(lang: Language): typeof i18n {
  if (i18n.isInitialized) {
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
    return i18n;
  }
  void i18n.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES,
    // Our codes are lower case (`zh-tw`); without this i18next would look up `zh-TW`.
    lowerCaseLng: true,
    // Every locale holds every key, so `zh-tw` must not fall back through `zh`.
    load: 'currentOnly',
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes already.
    react: { useSuspense: false },
  });
  return i18n;
}

export default i18n;
