/**
 * i18next with all 14 languages loaded at once, for tests and tools that render in several
 * languages without a browser. The app itself never imports this file (it would put every
 * language into the first download): it uses i18nCore.ts, which loads one language at a time.
 */
import type { i18n as I18n } from 'i18next';
import { LANGUAGES, type Language } from '../engine/spec/locales';
import { MESSAGES } from '../locales';
import { initI18n as initOne } from './i18nCore';

/** Starts (or switches) i18next in `lang` with every language's strings available. */
export function initI18n(lang: Language): I18n {
  const i18n = initOne(lang, MESSAGES[lang]);
  for (const code of LANGUAGES) {
    if (!i18n.hasResourceBundle(code, 'translation')) i18n.addResourceBundle(code, 'translation', MESSAGES[code], true, true);
  }
  return i18n;
}
