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

export const MESSAGES: Record<Language, Messages> = {
  en, zh, 'zh-tw': zhTw, es, pt, ru, id, th, ja, fr, it, vi, tr, de,
};

/** The shape i18next wants: one `translation` namespace per language. */
export const resources = Object.fromEntries(
  Object.entries(MESSAGES).map(([lang, messages]) => [lang, { translation: messages }]),
) as Record<Language, { translation: Messages }>;
