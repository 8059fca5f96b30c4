/**
 * Step 2 of the task flow, "text translation" (SPEC §4): the prompt is language-detected first; an
 * English prompt ('eng') is used as it is. Otherwise the original text is reviewed and translated in
 * parallel, and the translation is reviewed again. The services are given from outside (the app's
 * language API and text review; fakes in tests), so the rule itself is plain and testable.
 */
import type { JobErrorName } from '../engine/spec/errors';

/** ISO 639-3 code of English, the language generation prompts are sent in. */
export const ENGLISH = 'eng';

export interface TranslationServices {
  /** ISO 639-3 code of the text's language. */
  detect(text: string): Promise<string>;
  /** Whether the text passes the text review. */
  review(text: string): Promise<{ compliant: boolean }>;
  /** The text in English; rejects when no translator covers `from`. */
  translate(text: string, from: string): Promise<string>;
}

export type TranslationOutcome =
  | { ok: true; text: string; lanCode: string; translated: boolean }
  | {
      ok: false;
      error: Extract<JobErrorName, 'CONTENT_REVIEW_TEXT_NON_COMPLIANCE' | 'CONTENT_TRANSLATE_FAIL' | 'CONTENT_TRANSLATE_RESULT_NON_COMPLIANCE'>;
      lanCode?: string;
    };

/**
 * Runs the translation step on `text`.
 * - English: `{ ok, text }` unchanged, nothing else is called.
 * - Otherwise review(original) and translate(original) start together; a rejected original gives
 *   CONTENT_REVIEW_TEXT_NON_COMPLIANCE (1010202), a failed translation CONTENT_TRANSLATE_FAIL (1010203),
 *   and a translation that fails its own review CONTENT_TRANSLATE_RESULT_NON_COMPLIANCE (1010204).
 * A failing detection counts as "not English" (the text is translated rather than sent unreviewed).
 */
export async function runTranslationStep(text: string, services: TranslationServices): Promise<TranslationOutcome> {
  const lanCode = await services.detect(text).catch(() => 'und');
  if (lanCode === ENGLISH) return { ok: true, text, lanCode, translated: false };
  const [review, translation] = await Promise.allSettled([services.review(text), services.translate(text, lanCode)]);
  // A review service that fails is not the user's fault; a review that says no is final.
  if (review.status === 'fulfilled' && !review.value.compliant) return { ok: false, error: 'CONTENT_REVIEW_TEXT_NON_COMPLIANCE', lanCode };
  if (translation.status === 'rejected' || !translation.value.trim()) return { ok: false, error: 'CONTENT_TRANSLATE_FAIL', lanCode };
  const english = translation.value.trim();
  const again = await services.review(english).catch(() => ({ compliant: true }));
  if (!again.compliant) return { ok: false, error: 'CONTENT_TRANSLATE_RESULT_NON_COMPLIANCE', lanCode };
  return { ok: true, text: english, lanCode, translated: true };
}
