/**
 * The 14 interface languages (SPEC §1). en.json is the source; every other file
 * holds a translation of exactly the same keys (checked by locales.test.ts).
 */
import type { Language } from '../engine/spec/locales';
import en from './en.json';
import zh from './zh.json';
import zhTw from './zh-tw.json';
import es from './es.json';
import pt from './pt.json';
import ru from './ru.json';
import id from './id.json';
import th from './th.json';
import ja from './ja.json';
import fr from './fr.json';
import it from './it.json';
import vi from './vi.json';
import tr from './tr.json';
import de from './de.json';

/** A locale file: nested groups of strings (`nav.tools` is `{ nav: { tools } }`). */
export interface Messages {
  [key: string]: string | Messages;
}

const BASE: Record<Language, Messages> = {
  en,
  zh,
  'zh-tw': zhTw,
  es,
  pt,
  ru,
  id,
  th,
  ja,
  fr,
  it,
  vi,
  tr,
  de,
};

/**
 * Feature areas keep their strings in `sections/<area>/<lang>.json`; each file lands under the
 * top-level key `<area>` (so `sections/editor/de.json` holds `editor.*`). This keeps the big
 * base files small and lets areas be translated on their own.
 */
const SECTION_FILES = import.meta.glob<Messages>('./sections/*/*.json', { eager: true, import: 'default' });

function withSections(lang: Language, base: Messages): Messages {
  const merged: Messages = { ...base };
  for (const [file, messages] of Object.entries(SECTION_FILES)) {
    const match = /\.\/sections\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (match && match[2] === lang) merged[match[1]] = messages;
  }
  return merged;
}

export const MESSAGES = Object.fromEntries(Object.entries(BASE).map(([lang, messages]) => [lang, withSections(lang as Language, messages)])) as Record<
  Language,
  Messages
>;
