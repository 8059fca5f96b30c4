/**
 * Client of the language calls of the task flow (SPEC §4 "Translation", §7 "Language detection"): detect a
 * prompt's language, translate a non-English prompt into English. Failed calls are tracked (SPEC §7).
 */
import { ResultCode } from '../../engine/spec/errors';
import type { Envelope } from '../../machines/taskFlow.types';
import { trackFailedCall } from './analytics';
import { NetworkError } from './apiClient';
import { ApiResultError } from './projectsApi';

/** ISO 639-3 code of English: a prompt in it is used as is. */
export const ENGLISH_CODE = 'eng';

/** Translation failed (no back end for the language, back end down, network): the job error CONTENT_TRANSLATE_FAIL. */
export class TranslateError extends Error {
  override readonly name = 'TranslateError';
  /** Always CONTENT_TRANSLATE_FAIL (1010203), the code the task flow ends the job with. */
  readonly code = ResultCode.CONTENT_TRANSLATE_FAIL;
  /** What actually went wrong: the server's result code, or NETWORK_ERROR (-1000) when no reply came. */
  constructor(
    message: string,
    readonly failure: ApiResultError | NetworkError,
  ) {
    super(message, { cause: failure });
  }
}

/** POSTs JSON and unwraps the envelope; rejects with ApiResultError (server code) or NetworkError, both tracked. */
async function postJson<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
  let envelope: Envelope<T>;
  try {
    const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal });
    try {
      envelope = (await response.json()) as Envelope<T>;
    } catch {
      throw new NetworkError(`HTTP ${response.status} without a JSON body`);
    }
  } catch (err) {
    if (signal?.aborted) throw err;
    const error = err instanceof NetworkError ? err : new NetworkError(err instanceof Error ? err.message : 'network error');
    trackFailedCall({ url: path, errorCode: ResultCode.NETWORK_ERROR, errorMsg: error.message });
    throw error;
  }
  if (envelope?.resultCode !== ResultCode.SUCCESS) {
    const code = typeof envelope?.resultCode === 'number' ? envelope.resultCode : ResultCode.SERVICE_UNKNOWN_ERROR;
    const msg = envelope?.msg || `error ${code}`;
    trackFailedCall({ url: path, errorCode: code, errorMsg: msg });
    throw new ApiResultError(code, msg, envelope?.data ?? null);
  }
  return envelope.data as T;
}

/**
 * The language of `text` as an ISO 639-3 code ('eng' for English), from `POST /api/lan-detect`.
 * @throws ApiResultError (e.g. PARAMS_INVALID for empty text) or NetworkError.
 */
export async function detectLanguage(text: string, signal?: AbortSignal): Promise<string> {
  const data = await postJson<{ lanCode?: unknown }>('/api/lan-detect', { text }, signal);
  if (typeof data?.lanCode !== 'string' || !data.lanCode) {
    throw new ApiResultError(ResultCode.SERVICE_UNKNOWN_ERROR, 'the language detection reply has no lanCode');
  }
  return data.lanCode;
}

/** A detection with how sure the server is (issue 13): unsure prompts are sent as written. */
export interface LanguageGuess {
  lanCode: string;
  sure: boolean;
}

/**
 * The language of `text` and whether the server is sure, from `POST /api/lan-detect` (a reply without `sure`
 * counts as sure). `hint`: the interface language ('id', 'zh-tw'), which settles Indonesian vs Malay.
 * @throws ApiResultError or NetworkError.
 */
export async function guessLanguage(text: string, signal?: AbortSignal, hint?: string): Promise<LanguageGuess> {
  const data = await postJson<{ lanCode?: unknown; sure?: unknown }>('/api/lan-detect', hint ? { text, hint } : { text }, signal);
  if (typeof data?.lanCode !== 'string' || !data.lanCode) {
    throw new ApiResultError(ResultCode.SERVICE_UNKNOWN_ERROR, 'the language detection reply has no lanCode');
  }
  return { lanCode: data.lanCode, sure: data.sure !== false };
}

/** A translation as the server made it, with the words the back end left untranslated. */
export interface TranslationPreview {
  text: string;
  engine: string;
  untranslated: string[];
}

/**
 * `text` translated into English for the user to check before generating (issue 13), from `POST /api/translate`.
 * @throws TranslateError (code 1010203) on any failure; its `failure` says whether the language is not covered.
 */
export async function previewTranslation(text: string, from: string, signal?: AbortSignal): Promise<TranslationPreview> {
  let data: { text?: unknown; engine?: unknown; untranslated?: unknown };
  try {
    data = await postJson<typeof data>('/api/translate', { text, from }, signal);
  } catch (err) {
    if (err instanceof ApiResultError || err instanceof NetworkError) throw new TranslateError(err.message, err);
    throw err;
  }
  if (typeof data?.text !== 'string' || !data.text.trim()) {
    throw new TranslateError('the translation reply has no text', new ApiResultError(ResultCode.SERVICE_UNKNOWN_ERROR, 'no text'));
  }
  const untranslated = Array.isArray(data.untranslated) ? data.untranslated.filter((w): w is string => typeof w === 'string') : [];
  return { text: data.text, engine: typeof data.engine === 'string' ? data.engine : '', untranslated };
}

/**
 * `text` translated from `from` (ISO 639-3) into English by `POST /api/translate`; English comes back as is
 * without a call. Offline translation is rough (rule-based) and covers few languages.
 * @throws TranslateError (code 1010203) on any failure.
 */
export async function translateToEnglish(text: string, from: string, signal?: AbortSignal): Promise<string> {
  if (from === ENGLISH_CODE) return text;
  let data: { text?: unknown };
  try {
    data = await postJson<{ text?: unknown }>('/api/translate', { text, from }, signal);
  } catch (err) {
    if (err instanceof ApiResultError || err instanceof NetworkError) throw new TranslateError(err.message, err);
    throw err; // aborted by the caller
  }
  if (typeof data?.text !== 'string' || !data.text.trim()) {
    throw new TranslateError('the translation reply has no text', new ApiResultError(ResultCode.SERVICE_UNKNOWN_ERROR, 'no text'));
  }
  return data.text;
}

/** The languages the server can translate into English (ISO 639-3) and its back ends, from `GET /api/translate/languages`. */
export async function getTranslateLanguages(signal?: AbortSignal): Promise<{ languages: string[]; engines: string[] }> {
  let response: Response;
  try {
    response = await fetch('/api/translate/languages', { signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    trackFailedCall({ url: '/api/translate/languages', errorCode: ResultCode.NETWORK_ERROR, errorMsg: String(err) });
    throw new NetworkError(err instanceof Error ? err.message : 'network error');
  }
  const envelope = (await response.json().catch(() => null)) as Envelope<{ languages: string[]; engines: string[] }> | null;
  if (envelope?.resultCode !== ResultCode.SUCCESS || !envelope.data) {
    throw new ApiResultError(envelope?.resultCode ?? ResultCode.SERVICE_UNKNOWN_ERROR, envelope?.msg ?? `HTTP ${response.status}`);
  }
  return envelope.data;
}
