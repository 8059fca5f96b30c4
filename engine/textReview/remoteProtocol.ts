import { PLATFORM_WEB } from '../spec/limits';

/**
 * The remote text check (SPEC §7 "Text review | POST to a chat service, encrypted body | appId, platform 5, input
 * or text | result: map from text to flag"). The body is the JSON below encrypted with the base key
 * (engine/crypto/requestCrypto.ts `encryptText`), sent as text/plain.
 */
export interface TextReviewRequest {
  appId: string;
  platform: typeof PLATFORM_WEB;
  /** One text (the prompt being submitted). */
  input?: string;
  /** One text or several. */
  text?: string | string[];
}

/**
 * `data` of the reply envelope. Flag convention: **true = non-compliant** (the text hit the word lists), false =
 * compliant. `matches` (our addition, absent for compliant texts) lists what was found in each flagged text.
 */
export interface TextReviewReplyData {
  result: Record<string, boolean>;
  matches?: Record<string, string[]>;
}

/** The app id this web app sends. */
export const TEXT_REVIEW_APP_ID = 'lumacut-web';
/** At most this many texts per call (the SPEC leaves it to us). */
export const TEXT_REVIEW_MAX_TEXTS = 50;
/** At most this many UTF-16 units per text (the SPEC leaves it to us; prompts are far shorter). */
export const TEXT_REVIEW_MAX_CHARS = 5000;

/**
 * Checks a decrypted, JSON-parsed request.
 * @returns the texts to review (input first, then text, without repeats), or an error message for PARAMS_INVALID.
 */
export function textsOfRequest(value: unknown): { texts: string[] } | { error: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: 'body must be a JSON object' };
  const request = value as Record<string, unknown>;
  if (typeof request.appId !== 'string' || request.appId.trim() === '' || request.appId.length > 128) {
    return { error: 'appId must be a non-empty string' };
  }
  if (request.platform !== PLATFORM_WEB) return { error: `platform must be ${PLATFORM_WEB}` };
  const texts: unknown[] = [];
  if (request.input !== undefined) texts.push(request.input);
  if (Array.isArray(request.text)) texts.push(...request.text);
  else if (request.text !== undefined) texts.push(request.text);
  if (texts.length === 0) return { error: 'input or text is required' };
  if (!texts.every((text): text is string => typeof text === 'string')) return { error: 'input and text must be strings' };
  if (texts.length > TEXT_REVIEW_MAX_TEXTS) return { error: `at most ${TEXT_REVIEW_MAX_TEXTS} texts per call` };
  if (texts.some((text) => text.length > TEXT_REVIEW_MAX_CHARS)) return { error: `a text is longer than ${TEXT_REVIEW_MAX_CHARS} characters` };
  return { texts: [...new Set(texts)] };
}
