/**
 * The 14 interface languages of SPEC §1 and the URL prefix rules of SPEC §2.
 */
export const LANGUAGES = ['en', 'zh', 'zh-tw', 'es', 'pt', 'ru', 'id', 'th', 'ja', 'fr', 'it', 'vi', 'tr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Native names shown in the language picker. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  zh: '简体中文',
  'zh-tw': '繁體中文',
  es: 'Español',
  pt: 'Português',
  ru: 'Русский',
  id: 'Bahasa Indonesia',
  th: 'ไทย',
  ja: '日本語',
  fr: 'Français',
  it: 'Italiano',
  vi: 'Tiếng Việt',
  tr: 'Türkçe',
  de: 'Deutsch',
};

/** A URL locale must be a two-letter code with an optional region part (SPEC §2). */
const LOCALE_SHAPE = /^[a-z]{2}(-[a-z0-9]{2,4})?$/i;

/** True when the path segment has the shape of a locale (valid or not). */
export function looksLikeLocale(segment: string): boolean {
  return LOCALE_SHAPE.test(segment);
}

/**
 * Maps a URL locale segment to one of the 14 languages: an exact (case-insensitive)
 * match wins; anything else, malformed or unknown, falls back to English.
 * @example resolveLocale('zh-TW') // 'zh-tw'
 * @example resolveLocale('xx') // 'en'
 */
export function resolveLocale(segment: string | undefined | null): Language {
  if (!segment || !LOCALE_SHAPE.test(segment)) return DEFAULT_LANGUAGE;
  const lower = segment.toLowerCase();
  return (LANGUAGES as readonly string[]).includes(lower) ? (lower as Language) : DEFAULT_LANGUAGE;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
