/**
 * Loads one language's strings on demand, so a page ships only its own language (one chunk per
 * language instead of all 14 in the first download).
 */
import type { Language } from '../../engine/spec/locales';
import type { Messages } from './merge';

const BUNDLES = import.meta.glob<Messages>('./*.ts', { import: 'default' });

/** The strings of `lang`; rejects only when the chunk cannot be fetched. */
export async function loadMessages(lang: Language): Promise<Messages> {
  const load = BUNDLES[`./${lang}.ts`];
  if (!load) throw new Error(`no strings for ${lang}`);
  return load();
}
