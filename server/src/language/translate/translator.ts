/**
 * The translation back end of the task flow (SPEC §4 "Translation"): a non-English prompt is translated into
 * English before it is reviewed again and sent on. No neural MT model ships in npm or Debian, so the back ends
 * are an external LibreTranslate-compatible service and, offline, Apertium's rule-based pairs (rough quality).
 */
export interface Translator {
  /** Name shown to clients as the engine that translated ('libretranslate', 'apertium'). */
  readonly name: string;
  /** Whether `from` (ISO 639-3) can be translated into English. Never throws; an unreachable back end says false. */
  supports(from: string): Promise<boolean>;
  /**
   * Translates `text` from `from` (ISO 639-3) into English.
   * @throws TranslateUnavailableError when the language is not covered; TranslateFailedError when the back end failed.
   */
  translate(text: string, from: string): Promise<string>;
  /** ISO 639-3 codes this back end translates into English (empty when unreachable). */
  languages(): Promise<string[]>;
  /** {@link translate} with the words left untranslated, where the back end can tell (Apertium). */
  translateDetailed?(text: string, from: string): Promise<TranslationResult>;
}

/** No back end covers the source language. */
export class TranslateUnavailableError extends Error {
  override readonly name = 'TranslateUnavailableError';
  constructor(readonly from: string) {
    super(`no translation into English is available from "${from}"`);
  }
}

/** A back end covers the language but failed (unreachable, timed out, answered an error). */
export class TranslateFailedError extends Error {
  override readonly name = 'TranslateFailedError';
  constructor(
    readonly engine: string,
    message: string,
  ) {
    super(`${engine}: ${message}`);
  }
}

/** A translation together with the back end that made it. */
export interface TranslationResult {
  text: string;
  engine: string;
  /** Words of the prompt the back end left as they were (Apertium marks them); absent when it cannot tell. */
  untranslated?: string[];
}
