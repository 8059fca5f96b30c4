/**
 * i18next setup for the app. Only the URL's language is loaded before the first render (its strings
 * are a chunk of their own, src/i18nBundles); switching languages loads the next one first. Tests
 * that need every language use i18n.ts instead.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '../engine/spec/locales';
import { loadMessages } from './i18nBundles/loadMessages';
import type { Messages } from './i18nBundles/merge';

/** What a missing key renders as: a visible marker the tests look for, never a silent key path. */
export const MISSING_KEY_MARKER = '⟦missing⟧';

/** Starts i18next with one language's strings (synchronous: the first render is translated). */
export function initI18n(lang: Language, messages: Messages): typeof i18n {
  if (i18n.isInitialized) {
    i18n.addResourceBundle(lang, 'translation', messages, true, true);
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
    return i18n;
  }
  void i18n.use(initReactI18next).init({
    resources: { [lang]: { translation: messages } },
    lng: lang,
    // No fallback language: every locale holds every key (locales.test.ts), and a missing one must show.
    fallbackLng: false,
    supportedLngs: LANGUAGES,
    // Our codes are lower case (`zh-tw`); without this i18next would look up `zh-TW`.
    lowerCaseLng: true,
    load: 'currentOnly',
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes already.
    react: { useSuspense: false },
    // A caller's own defaultValue still wins; only a key nobody answered shows the marker.
    parseMissingKeyHandler: (key, defaultValue) => defaultValue ?? `${MISSING_KEY_MARKER}${key}`,
  });
  return i18n;
}

/** Loads `lang` (once) and switches to it. */
export async function switchLanguage(lang: Language): Promise<void> {
  if (!i18n.hasResourceBundle(lang, 'translation')) {
    i18n.addResourceBundle(lang, 'translation', await loadMessages(lang), true, true);
  }
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}
