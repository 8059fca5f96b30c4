import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResultCode } from '../../engine/spec/errors';
import { resetAnalyticsState } from './analytics';
import { NetworkError } from './apiClient';
import { detectLanguage, getTranslateLanguages, guessLanguage, previewTranslation, TranslateError, translateToEnglish } from './languageApi';
import { ApiResultError } from './projectsApi';

type Handler = (path: string, body: unknown) => Response | Promise<Response>;

const envelope = (resultCode: number, data: unknown, msg = resultCode === 100 ? 'success' : 'failed') =>
  new Response(JSON.stringify({ resultCode, msg, data }), { headers: { 'content-type': 'application/json' } });

let calls: Array<{ path: string; body: unknown }>;
let handler: Handler;

beforeEach(() => {
  calls = [];
  resetAnalyticsState();
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ path, body });
    if (path === '/api/report/event') return envelope(100, null);
    return handler(path, body);
  });
});

afterEach(() => vi.unstubAllGlobals());

/** The analytics events sent so far. */
const events = () => calls.filter((c) => c.path === '/api/report/event').map((c) => c.body);

describe('detectLanguage', () => {
  it('posts the text and answers the lanCode', async () => {
    handler = () => envelope(100, { lanCode: 'spa' });
    expect(await detectLanguage('quitar el fondo')).toBe('spa');
    expect(calls[0]).toEqual({ path: '/api/lan-detect', body: { text: 'quitar el fondo' } });
    expect(events()).toEqual([]);
  });

  it('rejects with the server’s code, and tracks the failed call', async () => {
    handler = () => envelope(ResultCode.PARAMS_INVALID, null, 'text must not be empty');
    const error = await detectLanguage(' ').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiResultError);
    expect(error).toMatchObject({ code: ResultCode.PARAMS_INVALID, message: 'text must not be empty' });
    expect(events()).toEqual([{ url: '/api/lan-detect', errorCode: ResultCode.PARAMS_INVALID, errorMsg: 'text must not be empty' }]);
  });

  it('rejects with NetworkError when no envelope comes back, and tracks it as a network error', async () => {
    handler = () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(detectLanguage('a cat')).rejects.toBeInstanceOf(NetworkError);
    handler = () => new Response('<html>502</html>', { status: 502 });
    await expect(detectLanguage('a cat')).rejects.toThrow(/HTTP 502/);
    expect(events().map((e) => (e as { errorCode: number }).errorCode)).toEqual([ResultCode.NETWORK_ERROR, ResultCode.NETWORK_ERROR]);
  });
});

describe('translateToEnglish', () => {
  it('posts text and source language and answers the English text', async () => {
    handler = () => envelope(100, { text: 'Remove the fund', engine: 'apertium' });
    expect(await translateToEnglish('quitar el fondo', 'spa')).toBe('Remove the fund');
    expect(calls[0]).toEqual({ path: '/api/translate', body: { text: 'quitar el fondo', from: 'spa' } });
  });

  it('returns English text without a call', async () => {
    handler = () => {
      throw new Error('must not be called');
    };
    expect(await translateToEnglish('a cat', 'eng')).toBe('a cat');
    expect(calls).toEqual([]);
  });

  it('throws TranslateError with code 1010203 on a server failure, a network failure, or an empty reply', async () => {
    handler = () => envelope(ResultCode.CONTENT_TRANSLATE_FAIL, null, 'no translation into English is available from "deu"');
    const unavailable = await translateToEnglish('eine Katze', 'deu').catch((e: unknown) => e);
    expect(unavailable).toBeInstanceOf(TranslateError);
    expect(unavailable).toMatchObject({ code: 1010203, message: expect.stringContaining('deu') });
    expect((unavailable as TranslateError).failure).toMatchObject({ code: ResultCode.CONTENT_TRANSLATE_FAIL });

    handler = () => {
      throw new TypeError('Failed to fetch');
    };
    const offline = await translateToEnglish('hola', 'spa').catch((e: unknown) => e);
    expect(offline).toMatchObject({ code: 1010203 });
    expect((offline as TranslateError).failure).toBeInstanceOf(NetworkError);

    handler = () => envelope(100, { text: '  ', engine: 'x' });
    await expect(translateToEnglish('hola', 'spa')).rejects.toMatchObject({ name: 'TranslateError', code: 1010203 });
  });

  it('lets a caller’s abort through unchanged', async () => {
    const controller = new AbortController();
    handler = () => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    };
    await expect(translateToEnglish('hola', 'spa', controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('getTranslateLanguages', () => {
  it('answers the languages and engines', async () => {
    handler = () => envelope(100, { languages: ['spa'], engines: ['apertium'] });
    expect(await getTranslateLanguages()).toEqual({ languages: ['spa'], engines: ['apertium'] });
  });
});

describe('guessLanguage and previewTranslation (issue 13)', () => {
  it('says whether the server is sure; an older reply without `sure` counts as sure', async () => {
    handler = () => envelope(100, { lanCode: 'ita', sure: false });
    expect(await guessLanguage('poster with zorblat')).toEqual({ lanCode: 'ita', sure: false });
    handler = () => envelope(100, { lanCode: 'spa' });
    expect(await guessLanguage('quitar el fondo')).toEqual({ lanCode: 'spa', sure: true });
  });

  it('returns the translation with the words left untranslated', async () => {
    handler = () => envelope(100, { text: 'I saw the raposa red in the snow', engine: 'apertium', untranslated: ['raposa', 3] });
    expect(await previewTranslation('Eu vi a raposa vermelha na neve', 'por')).toEqual({
      text: 'I saw the raposa red in the snow',
      engine: 'apertium',
      untranslated: ['raposa'],
    });
    expect(calls[0]).toEqual({ path: '/api/translate', body: { text: 'Eu vi a raposa vermelha na neve', from: 'por' } });
  });

  it('fails with TranslateError (1010203) when the server cannot translate the language', async () => {
    handler = () => envelope(ResultCode.CONTENT_TRANSLATE_FAIL, null, 'no translation into English is available from "zho"');
    const error = await previewTranslation('一只猫', 'zho').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TranslateError);
    expect((error as TranslateError).code).toBe(ResultCode.CONTENT_TRANSLATE_FAIL);
  });
});
