/**
 * The check a prompt gets before a generator runs it (issue 13 "translation honesty"): its language is detected;
 * an English prompt goes straight on; a prompt the server is unsure about goes on as written; any other is
 * translated and the translation shown for the user to edit or refuse, with the words the translator left
 * untranslated; a language the server cannot translate is said so, with the choice to send the prompt as written.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ENGLISH_CODE, getTranslateLanguages, guessLanguage, previewTranslation, TranslateError } from '../api/languageApi';
import { ResultCode } from '../../engine/spec/errors';

export type PromptCheck =
  | { kind: 'idle' }
  | { kind: 'checking' }
  /** Ready to run as it is: English, or unsure (`unsure`: say so, the prompt goes as written). */
  | { kind: 'go'; prompt: string; asWritten: boolean; unsure: boolean }
  /** A translation for the user to check. */
  | { kind: 'review'; original: string; lanCode: string; translation: string; untranslated: string[] }
  /** No translator for the language on this server, or the translation failed. */
  | { kind: 'noTranslation'; original: string; lanCode: string; code: number; unavailable: boolean };

/** The ISO 639-3 codes this server translates into English; null until known (or when the call failed). */
export function useTranslatableLanguages(): string[] | null {
  const [languages, setLanguages] = useState<string[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getTranslateLanguages(controller.signal).then(
      (data) => setLanguages(data.languages),
      () => setLanguages(null),
    );
    return () => controller.abort();
  }, []);
  return languages;
}

/** Runs {@link PromptCheck} for one prompt at a time; a newer check cancels an older one. */
export function usePromptCheck(uiLanguage?: string): { check: PromptCheck; run(prompt: string): Promise<PromptCheck>; reset(): void } {
  const [check, setCheck] = useState<PromptCheck>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);

  const run = useCallback(
    async (prompt: string): Promise<PromptCheck> => {
      controller.current?.abort();
      const mine = new AbortController();
      controller.current = mine;
      setCheck({ kind: 'checking' });
      let next: PromptCheck;
      try {
        const { lanCode, sure } = await guessLanguage(prompt, mine.signal, uiLanguage);
        if (lanCode === ENGLISH_CODE || !sure) {
          next = { kind: 'go', prompt, asWritten: !sure, unsure: !sure };
        } else {
          try {
            const preview = await previewTranslation(prompt, lanCode, mine.signal);
            next = { kind: 'review', original: prompt, lanCode, translation: preview.text, untranslated: preview.untranslated };
          } catch (err) {
            if (!(err instanceof TranslateError)) throw err;
            const unavailable = /no translation into English is available|no translation service/i.test(err.failure.message);
            next = { kind: 'noTranslation', original: prompt, lanCode, code: ResultCode.CONTENT_TRANSLATE_FAIL, unavailable };
          }
        }
      } catch (err) {
        if (mine.signal.aborted) return { kind: 'idle' };
        // Detection itself failed: the task flow's own step 2 decides, as before this check existed.
        console.warn('[promptCheck] language check failed; the task flow decides', err);
        next = { kind: 'go', prompt, asWritten: false, unsure: false };
      }
      if (!mine.signal.aborted) setCheck(next);
      return next;
    },
    [uiLanguage],
  );

  const reset = useCallback(() => {
    controller.current?.abort();
    setCheck({ kind: 'idle' });
  }, []);
  useEffect(() => () => controller.current?.abort(), []);
  return { check, run, reset };
}
